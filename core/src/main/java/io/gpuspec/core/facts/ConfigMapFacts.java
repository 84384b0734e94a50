package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.report.Finding;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A ConfigMap as core {@code ValidateConfigMap} admits it (<a
 * href="https://kubernetes.io/docs/concepts/configuration/configmap/">ConfigMap</a>): every key of
 * {@code data} and {@code binaryData} is at most 253 characters of letters, digits, '-', '_' and
 * '.', is not '.' and does not start with '..'; no key is in both; all values together hold at most
 * 1 MiB. Every finding is a rejection; reported by rule {@value #RULE}.
 */
public final class ConfigMapFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S035";

  /** The most bytes a ConfigMap's values may hold together. */
  public static final int MAX_BYTES = 1024 * 1024;

  private static final Pattern KEY = Pattern.compile("[-._a-zA-Z0-9]+");

  private ConfigMapFacts() {}

  /** K8S035 on one ConfigMap. */
  public static List<Finding> valid(ConfigMap configMap) {
    List<Finding> findings = new ArrayList<>();
    Map<String, String> data = configMap.getData() == null ? Map.of() : configMap.getData();
    Map<String, String> binary =
        configMap.getBinaryData() == null ? Map.of() : configMap.getBinaryData();
    long bytes = 0;
    for (Map.Entry<String, String> entry : data.entrySet()) {
      key(findings, "data", entry.getKey());
      if (binary.containsKey(entry.getKey())) {
        findings.add(
            Finding.rejection(
                "data[" + entry.getKey() + "]",
                "key \"" + entry.getKey() + "\" is also in binaryData",
                "keep the key in one of data and binaryData"));
      }
      bytes +=
          entry.getValue() == null ? 0 : entry.getValue().getBytes(StandardCharsets.UTF_8).length;
    }
    for (Map.Entry<String, String> entry : binary.entrySet()) {
      key(findings, "binaryData", entry.getKey());
      bytes += decodedLength(entry.getValue());
    }
    if (bytes > MAX_BYTES) {
      findings.add(
          Finding.rejection(
              "data",
              "the values hold " + bytes + " bytes, more than the 1 MiB a ConfigMap may hold",
              "split the data over several ConfigMaps, or mount it from a volume"));
    }
    return findings;
  }

  private static void key(List<Finding> findings, String field, String key) {
    String problem = null;
    if (key == null || key.isEmpty() || !KEY.matcher(key).matches()) {
      problem = "may hold only letters, digits, '-', '_' and '.'";
    } else if (key.length() > 253) {
      problem = "is longer than 253 characters";
    } else if (key.equals(".") || key.startsWith("..")) {
      problem = "may not be '.' or start with '..'";
    }
    if (problem != null) {
      findings.add(
          Finding.rejection(
              field + "[" + key + "]",
              "key \"" + key + "\" " + problem,
              "name the key like a file name, e.g. config.yaml"));
    }
  }

  private static long decodedLength(String value) {
    if (value == null) {
      return 0;
    }
    try {
      return Base64.getMimeDecoder().decode(value).length;
    } catch (IllegalArgumentException notBase64) {
      return value.length(); // the reader reports a value that is not base64
    }
  }
}
