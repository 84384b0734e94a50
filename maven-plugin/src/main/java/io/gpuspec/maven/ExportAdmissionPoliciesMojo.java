package io.gpuspec.maven;

import io.gpuspec.cel.AdmissionPolicyExport;
import io.gpuspec.core.manifest.TextFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes a ValidatingAdmissionPolicy and binding for every gpuspec rule CEL can express, so that
 * the cluster enforces what the build checks ({@code kubectl apply -f} the file).
 */
@Mojo(name = "export-admission-policies", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true)
public class ExportAdmissionPoliciesMojo extends AbstractMojo {

  /** Where the policies go. */
  @Parameter(
      property = "gpuspec.admissionPolicies",
      defaultValue = "${project.build.directory}/gpuspec/admission-policies.yaml")
  File outputFile;

  @Override
  public void execute() throws MojoExecutionException {
    Path file = outputFile.toPath();
    try {
      TextFiles.write(file, AdmissionPolicyExport.render());
    } catch (IOException e) {
      throw new MojoExecutionException(
          file
              + ": cannot write the admission policies: "
              + e.getMessage()
              + "; check the directory");
    }
    getLog().info("gpuspec: exported " + AdmissionPolicyExport.exportedRules() + " to " + file);
  }
}
