// The build failed on the Kueue Configuration file, naming it and the wrong field.
def log = new File(basedir, 'build.log').text
def config = new File(basedir, 'src/main/kueue/controller_manager_config.yaml').canonicalPath
assert log.contains("gpuspec: Kueue configuration ${config} resources.transformations[0].strategy: \"Swap\" is not a transformation strategy; use Retain or Replace") : 'the bad field is not named'
return true
