// The quiet build failed on K8S005: the finding is logged at error level with object, rule, field
// and fix, the failure names rule and object, and nothing was written.
def log = new File(basedir, 'build.log').text
assert !log.contains('[INFO]') : 'expected a quiet (-q) build'
assert log.contains('[ERROR] PriorityClass/too-high: ERROR K8S005 PriorityClass/too-high value: ') : 'the finding is not logged as an error'
assert log =~ /Failed to execute goal io\.gpuspec:gpuspec-maven-plugin:[^:]+:generate .*1 finding fails the build \(K8S005 PriorityClass\/too-high\); nothing was written/
assert !log.contains('at io.gpuspec') : 'no stack trace'
assert !new File(basedir, 'target/gpuspec').exists() : 'nothing may be written'
return true
