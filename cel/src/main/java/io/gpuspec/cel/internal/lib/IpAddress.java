package io.gpuspec.cel.internal.lib;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * An IP address as the Kubernetes CEL {@code ip} library reads it: dotted IPv4 without leading
 * zeros, or IPv6 without a zone; IPv4-mapped IPv6 addresses are refused, as the library does.
 */
public final class IpAddress {

  private final byte[] bytes;

  IpAddress(byte[] bytes) {
    this.bytes = bytes.clone();
  }

  /** The address {@code text} denotes, or empty. Never resolves a host name. */
  public static Optional<IpAddress> parse(String text) {
    if (text.indexOf(':') < 0) {
      return parseV4(text).map(IpAddress::new);
    }
    if (text.contains("%") || text.startsWith("[") || text.contains(".")) {
      return Optional.empty(); // zones, brackets and IPv4-mapped/compatible forms are refused
    }
    try {
      byte[] raw = InetAddress.getByName(text).getAddress();
      return raw.length == 16 ? Optional.of(new IpAddress(raw)) : Optional.empty();
    } catch (UnknownHostException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  static Optional<byte[]> parseV4(String text) {
    String[] parts = text.split("\\.", -1);
    if (parts.length != 4) {
      return Optional.empty();
    }
    byte[] out = new byte[4];
    for (int i = 0; i < 4; i++) {
      String p = parts[i];
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return Optional.empty();
      }
      if (p.length() > 1 && p.charAt(0) == '0') {
        return Optional.empty();
      }
      int v = Integer.parseInt(p);
      if (v > 255) {
        return Optional.empty();
      }
      out[i] = (byte) v;
    }
    return Optional.of(out);
  }

  byte[] bytes() {
    return bytes.clone();
  }

  public long family() {
    return bytes.length == 4 ? 4 : 6;
  }

  public boolean isUnspecified() {
    return Arrays.equals(bytes, new byte[bytes.length]);
  }

  public boolean isLoopback() {
    return bytes.length == 4 ? (bytes[0] & 0xff) == 127 : equalsLastByteOne();
  }

  private boolean equalsLastByteOne() {
    for (int i = 0; i < 15; i++) {
      if (bytes[i] != 0) {
        return false;
      }
    }
    return bytes[15] == 1;
  }

  public boolean isLinkLocalMulticast() {
    return bytes.length == 4
        ? (bytes[0] & 0xff) == 224 && bytes[1] == 0 && bytes[2] == 0
        : (bytes[0] & 0xff) == 0xff && (bytes[1] & 0x0f) == 0x02;
  }

  public boolean isLinkLocalUnicast() {
    return bytes.length == 4
        ? (bytes[0] & 0xff) == 169 && (bytes[1] & 0xff) == 254
        : (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xc0) == 0x80;
  }

  public boolean isGlobalUnicast() {
    if (isUnspecified() || isLoopback() || isLinkLocalUnicast() || isLinkLocalMulticast()) {
      return false;
    }
    if (bytes.length == 4) {
      return (bytes[0] & 0xf0) != 0xe0 && !Arrays.equals(bytes, new byte[] {-1, -1, -1, -1});
    }
    return (bytes[0] & 0xff) != 0xff;
  }

  /** The canonical text: dotted IPv4, or RFC 5952 IPv6 (lower case, longest zero run as ::). */
  @Override
  public String toString() {
    if (bytes.length == 4) {
      return (bytes[0] & 0xff)
          + "."
          + (bytes[1] & 0xff)
          + "."
          + (bytes[2] & 0xff)
          + "."
          + (bytes[3] & 0xff);
    }
    int[] groups = new int[8];
    for (int i = 0; i < 8; i++) {
      groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
    }
    int bestStart = -1;
    int bestLen = 1;
    for (int i = 0; i < 8; ) {
      int j = i;
      while (j < 8 && groups[j] == 0) {
        j++;
      }
      if (j - i > bestLen) {
        bestStart = i;
        bestLen = j - i;
      }
      i = j == i ? i + 1 : j;
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      if (i == bestStart) {
        out.append("::");
        i += bestLen - 1;
        continue;
      }
      if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
        out.append(':');
      }
      out.append(Integer.toHexString(groups[i]));
    }
    return out.toString();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof IpAddress ip && Arrays.equals(bytes, ip.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }
}
