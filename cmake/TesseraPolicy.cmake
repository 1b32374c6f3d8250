# One place for the compiler policy every Tessera target links to.
add_library(tessera_policy INTERFACE)
target_compile_features(tessera_policy INTERFACE cxx_std_20)
target_compile_options(tessera_policy INTERFACE
    -Wall -Wextra -Wpedantic -Wold-style-cast -Wnon-virtual-dtor
    -Wno-missing-field-initializers)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(tessera_policy INTERFACE -Wshadow=local) # GCC's spelling only
endif()
# GCC 12 reports -Wrestrict for `"literal" + std::string` once inlined at -O2 (GCC bug 105329,
# fixed in 13); Debian 12 ships GCC 12, so the false positive is silenced there only.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(tessera_policy INTERFACE -Wno-restrict)
endif()
if(TESSERA_WERROR)
    target_compile_options(tessera_policy INTERFACE -Werror)
endif()
if(TESSERA_SANITIZE)
    target_compile_options(tessera_policy INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                                                    -fno-sanitize-recover=undefined)
    target_link_options(tessera_policy INTERFACE -fsanitize=address,undefined)
endif()
if(TESSERA_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "TESSERA_FUZZ needs clang (libFuzzer): use the preset `fuzz`")
    endif()
    # Every library is instrumented for coverage and checked by ASan + UBSan; only the harness
    # executables (tests/fuzz) link libFuzzer itself (-fsanitize=fuzzer).
    target_compile_options(tessera_policy INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                                                    -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_link_options(tessera_policy INTERFACE -fsanitize=address,undefined)
endif()

# Qt targets additionally get the Qt hygiene defines.
add_library(tessera_qt_policy INTERFACE)
target_link_libraries(tessera_qt_policy INTERFACE tessera_policy)
target_compile_definitions(tessera_qt_policy INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_URL_CAST_FROM_STRING
    QT_DISABLE_DEPRECATED_BEFORE=0x060400)
