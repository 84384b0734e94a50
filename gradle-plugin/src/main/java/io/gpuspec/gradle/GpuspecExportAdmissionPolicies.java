package io.gpuspec.gradle;

import io.gpuspec.cel.AdmissionPolicyExport;
import io.gpuspec.core.manifest.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.gradle.api.DefaultTask;
import org.gradle.api.file.RegularFileProperty;
import org.gradle.api.tasks.OutputFile;
import org.gradle.api.tasks.TaskAction;

/**
 * Writes a ValidatingAdmissionPolicy and binding for every gpuspec rule CEL can express, so that
 * the cluster enforces what the build checks ({@code kubectl apply -f} the file).
 */
public abstract class GpuspecExportAdmissionPolicies extends DefaultTask {

  @OutputFile
  public abstract RegularFileProperty getOutputFile();

  @TaskAction
  void export() {
    Path file = getOutputFile().get().getAsFile().toPath();
    try {
      TextFiles.write(file, AdmissionPolicyExport.render());
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot write the admission policies", e);
    }
    getLogger()
        .lifecycle("gpuspec: exported {} to {}", AdmissionPolicyExport.exportedRules(), file);
  }
}
