// TEAM001, the project's own rule, ran in both goals: on the Deployment the spec built (generate)
// and on the hand-written one (lint), and it is in the lint reports.
def log = new File(basedir, 'build.log').text
assert log.contains('gpuspec: modules core, team-rules; ') : 'generate did not load the team module'
assert log.contains('[WARNING] Deployment/serving/chat: ERROR TEAM001 Deployment/serving/chat metadata.labels[team]: has no team label') : 'TEAM001 did not fire in generate'
def chat = new File(basedir, 'src/main/k8s/chat.yaml').canonicalPath
assert log.contains("[WARNING] ${chat}:4:3: ERROR TEAM001 Deployment/serving/chat metadata.labels[team]: has no team label") : 'TEAM001 did not fire in lint'
def sarif = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/gpuspec-reports/gpuspec-lint.sarif'))
def run = sarif.runs[0]
assert run.tool.driver.rules.any { it.id == 'TEAM001' && it.helpUri == 'https://example.com/platform/labels#team' }
assert run.results.any { it.ruleId == 'TEAM001' }
def junit = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/gpuspec-reports/TEST-gpuspec-lint.xml'))
assert junit.testcase.find { it.@name == 'src/main/k8s/chat.yaml' }.failure.size() == 0 : 'failOnViolation=false: nothing fails'
return true
