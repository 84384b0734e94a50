package io.gpuspec.build;

import java.util.ArrayList;
import java.util.List;

/** A {@link BuildLog} that keeps what it is told, by level. */
final class RecordingLog implements BuildLog {

  final List<String> infos = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();
  final List<String> errors = new ArrayList<>();

  @Override
  public void info(String line) {
    infos.add(line);
  }

  @Override
  public void warn(String line) {
    warnings.add(line);
  }

  @Override
  public void error(String line) {
    errors.add(line);
  }
}
