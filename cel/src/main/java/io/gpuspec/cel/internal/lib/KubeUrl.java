package io.gpuspec.cel.internal.lib;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A URL as the Kubernetes CEL {@code url} library reads it: an absolute URI with a scheme, or an
 * absolute path; the accessors return its parts as the library does (empty strings when absent).
 */
public final class KubeUrl {

  private final URI uri;

  private KubeUrl(URI uri) {
    this.uri = uri;
  }

  /** The URL {@code text} denotes, or empty. */
  public static Optional<KubeUrl> parse(String text) {
    try {
      URI uri = new URI(text);
      if (uri.getScheme() == null && !text.startsWith("/")) {
        return Optional.empty();
      }
      return Optional.of(new KubeUrl(uri));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  public String scheme() {
    return uri.getScheme() == null ? "" : uri.getScheme();
  }

  /** Host and port as written, IPv6 hosts in brackets. */
  public String host() {
    String authority = uri.getRawAuthority();
    if (authority == null) {
      return "";
    }
    int at = authority.lastIndexOf('@');
    return at >= 0 ? authority.substring(at + 1) : authority;
  }

  /** The host without port and without IPv6 brackets. */
  public String hostname() {
    String host = host();
    if (host.startsWith("[")) {
      int end = host.indexOf(']');
      return end > 0 ? host.substring(1, end) : host;
    }
    int colon = host.lastIndexOf(':');
    return colon >= 0 ? host.substring(0, colon) : host;
  }

  public String port() {
    String host = host();
    int close = host.lastIndexOf(']');
    int colon = host.lastIndexOf(':');
    return colon > close ? host.substring(colon + 1) : "";
  }

  public String escapedPath() {
    return uri.getRawPath() == null ? "" : uri.getRawPath();
  }

  /** The query as a map of each key to its values, in order. */
  public Map<String, List<String>> query() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    String raw = uri.getRawQuery();
    if (raw == null || raw.isEmpty()) {
      return out;
    }
    for (String pair : raw.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String key = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      out.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }
    return out;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }

  @Override
  public String toString() {
    return uri.toString();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KubeUrl u && u.uri.equals(uri);
  }

  @Override
  public int hashCode() {
    return uri.hashCode();
  }
}
