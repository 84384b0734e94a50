package io.gpuspec.core.manifest;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The files a path stands for: the path itself, or the {@code *.yaml} and {@code *.yml} files below
 * a directory, sorted, walked without following symbolic links to directories. A directory that
 * cannot be listed gives a YAML001 finding and the rest is still walked.
 */
final class SourceFiles {

  private SourceFiles() {}

  /** The files to read for one path: itself, or the YAML files below a directory, sorted. */
  static List<Path> expand(Path path, FileFindings out) {
    if (!Files.isDirectory(path)) {
      return List.of(path);
    }
    List<Path> files = new ArrayList<>();
    Deque<Path> directories = new ArrayDeque<>();
    directories.push(path);
    while (!directories.isEmpty()) {
      Path directory = directories.pop();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
        for (Path entry : entries) {
          if (isYamlName(entry)) {
            files.add(entry); // symbolic links, FIFOs and devices are judged when read
          } else if (isDirectoryNotLink(entry)) {
            directories.push(entry);
          }
        }
      } catch (IOException | DirectoryIteratorException e) {
        IOException cause =
            e instanceof DirectoryIteratorException d ? d.getCause() : (IOException) e;
        directoryProblem(directory, cause, out);
      }
    }
    files.sort(null);
    return files;
  }

  private static boolean isYamlName(Path entry) {
    Path name = entry.getFileName();
    String text = name == null ? "" : name.toString();
    return text.endsWith(".yaml") || text.endsWith(".yml");
  }

  private static boolean isDirectoryNotLink(Path entry) {
    try {
      return Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .isDirectory();
    } catch (IOException e) {
      return false; // gone already: there is nothing below it to read
    }
  }

  private static void directoryProblem(Path directory, IOException e, FileFindings out) {
    String what;
    String fix;
    if (e instanceof AccessDeniedException) {
      what = "cannot list the directory: permission denied";
      fix = "make it readable (chmod a+rx), or leave it out";
    } else if (e instanceof NoSuchFileException) {
      what = "the directory disappeared while it was being read";
      fix = "run again once nothing is changing the directory";
    } else if (e instanceof NotDirectoryException) {
      what = "the directory was replaced by a file while it was being read";
      fix = "run again once nothing is changing the directory";
    } else {
      what = "cannot list the directory (" + SourceText.reason(e) + ")";
      fix = "check it exists and is readable";
    }
    out.fileProblem(directory, ReadProblem.YAML001, what, fix);
  }
}
