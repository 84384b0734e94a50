// The spec's manifests are written as expected (byte for byte), and the registry was the
// project's: core plus its own gpuspec-tfjob, whose TFJob rules ran on the TFJob.
def out = new File(basedir, 'target/gpuspec/team-platform')
def expected = new File(basedir, 'expected/team-platform')
assert out.isDirectory() : "nothing was written to ${out}"
def written = (out.list() as List).sort()
assert written == (expected.list() as List).sort() : "files written: ${written}"
written.each { name ->
  assert new File(out, name).text == new File(expected, name).text : "${name} differs from expected/team-platform/${name}"
}

def log = new File(basedir, 'build.log').text
def modules = log.readLines().find { it.contains('gpuspec: modules ') }
assert modules != null : 'the generate goal did not list the modules it loaded'
assert modules.contains('gpuspec: modules core, tfjob; ') : modules
['TFJ001', 'TFJ002', 'TFJ003', 'TFJ004', 'TFJ006'].each { assert modules.contains(it) : "${it} did not run: ${modules}" }
assert log.contains('com.example.platform.TeamPlatform: wrote 2 objects to ') : 'no summary of what was written'
assert log.contains('0 errors, 0 warnings')
assert log.contains('src/main/k8s is not a directory; nothing to lint there')
return true
