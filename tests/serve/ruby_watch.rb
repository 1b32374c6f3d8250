# Ruby's kubeclient (Debian's ruby-kubeclient) against `tessera serve`: watch_pods and
# watch_config_maps, which use the legacy watch paths (/api/v1/watch/namespaces/NS/pods, and
# .../configmaps/NAME for one object), and a Job created through the batch/v1 client.
# Usage: ruby ruby_watch.rb KUBECONFIG
require 'kubeclient'

config = Kubeclient::Config.read(ARGV[0])
context = config.context
options = { ssl_options: context.ssl_options, auth_options: context.auth_options }
core = Kubeclient::Client.new(context.api_endpoint + '/api', 'v1', **options)
batch = Kubeclient::Client.new(context.api_endpoint + '/apis/batch', 'v1', **options)

def first_event(watcher)
  watcher.each do |notice|
    yield notice
    watcher.finish
  end
end

core.create_config_map(Kubeclient::Resource.new(
  metadata: { name: 'watched', namespace: 'default' }, data: { 'a' => '1' }))
core.create_config_map(Kubeclient::Resource.new(
  metadata: { name: 'other', namespace: 'default' }, data: { 'b' => '2' }))

# One object by name: only it is seen.
seen = []
watcher = core.watch_config_maps(namespace: 'default', name: 'watched', resource_version: '0')
first_event(watcher) { |notice| seen << [notice.type, notice.object.metadata.name] }
raise "watch of one config map saw #{seen.inspect}" unless seen == [['ADDED', 'watched']]

batch.create_job(Kubeclient::Resource.new(
  metadata: { name: 'rubyjob', namespace: 'default' },
  spec: { template: { spec: { restartPolicy: 'Never',
                              containers: [{ name: 'main', image: 'busybox' }] } } }))

# The pods of the Job, from a watch in the namespace (the form kubeclient's watch_pods uses).
pod = nil
watcher = core.watch_pods(namespace: 'default', label_selector: 'job-name=rubyjob')
first_event(watcher) { |notice| pod = notice.object.metadata.name }
raise 'watch_pods saw no pod' if pod.nil?

# All namespaces.
jobs = []
watcher = batch.watch_jobs(resource_version: '0')
first_event(watcher) { |notice| jobs << notice.object.metadata.name }
raise "watch_jobs saw #{jobs.inspect}" unless jobs == ['rubyjob']

puts "kubeclient watch: ok (#{pod})"
