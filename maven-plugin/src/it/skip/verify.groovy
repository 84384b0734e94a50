// Both goals ran and did nothing: no manifests, no reports.
def log = new File(basedir, 'build.log').text
assert log.count('gpuspec: skipped (gpuspec.skip)') == 2
assert !log.contains('gpuspec: modules') : 'a goal loaded the registry'
assert !new File(basedir, 'target/gpuspec').exists()
assert !new File(basedir, 'target/gpuspec-reports').exists()
return true
