package io.gpuspec.sharing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Test resources on the class path. */
public final class TestResources {

  private TestResources() {}

  static String read(String name) {
    try (InputStream in = TestResources.class.getResourceAsStream("/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The mig-parted config text of NVIDIA's default ConfigMap ({@code data.config.yaml}). */
  public static String nvidiaDefaultMigPartedConfig() {
    JsonNode configMap = new YAMLMapper().readTree(read("nvidia/default-mig-parted-config.yaml"));
    return configMap.get("data").get("config.yaml").asString();
  }
}
