// The build failed naming the broken file with line and column, and the valid file was linted and
// reported too (its warning in the log, a passing test case in the JUnit report).
def log = new File(basedir, 'build.log').text
def k8s = new File(basedir, 'src/main/k8s').canonicalPath
assert log.contains("[ERROR] ${k8s}/apps/trainer.yaml:9:3: ERROR YAML003 Deployment/ml/trainer spec.replica: ") : 'the unknown field is not reported at its line'
assert log =~ /\[ERROR\] ${java.util.regex.Pattern.quote(k8s)}\/apps\/trainer\.yaml:\d+:\d+: ERROR GPU001 Deployment\/ml\/trainer /
assert log.contains("[WARNING] ${k8s}/inference.yaml:") : 'the valid file is not reported'
assert log.contains('gpuspec: linted 2 files: 2 objects')
assert log =~ /Failed to execute goal io\.gpuspec:gpuspec-maven-plugin:[^:]+:lint .* findings fail the build, in ${java.util.regex.Pattern.quote(k8s)}\/apps\/trainer\.yaml;/

def reports = new File(basedir, 'target/gpuspec-reports')
def junit = new groovy.xml.XmlSlurper().parse(new File(reports, 'TEST-gpuspec-lint.xml'))
assert junit.@tests == '2' && junit.@failures == '1'
assert junit.testcase.find { it.@name == 'src/main/k8s/apps/trainer.yaml' }.failure.size() == 1
def valid = junit.testcase.find { it.@name == 'src/main/k8s/inference.yaml' }
assert valid.failure.size() == 0 && valid.'system-out'.text().contains('GPU002')
def sarif = new groovy.json.JsonSlurper().parse(new File(reports, 'gpuspec-lint.sarif'))
def located = sarif.runs[0].results.collect { it.locations[0].physicalLocation.artifactLocation.uri }
assert located.any { it.endsWith('/apps/trainer.yaml') } && located.any { it.endsWith('/inference.yaml') }
def html = new File(reports, 'gpuspec-lint.html').text
assert html.startsWith('<!DOCTYPE html>') && html.contains('<section id="findings">') && html.contains('GPU001')
return true
