package io.gpuspec.cel.internal.lib;

import java.util.Optional;

/** A CIDR (an address and a prefix length) as the Kubernetes CEL {@code cidr} library reads it. */
public final class Cidr {

  private final IpAddress address;
  private final int prefix;

  private Cidr(IpAddress address, int prefix) {
    this.address = address;
    this.prefix = prefix;
  }

  /** The CIDR {@code text} denotes, or empty. */
  public static Optional<Cidr> parse(String text) {
    int slash = text.indexOf('/');
    if (slash < 0 || slash != text.lastIndexOf('/')) {
      return Optional.empty();
    }
    String length = text.substring(slash + 1);
    if (length.isEmpty()
        || length.length() > 3
        || !length.chars().allMatch(c -> c >= '0' && c <= '9')
        || (length.length() > 1 && length.charAt(0) == '0')) {
      return Optional.empty();
    }
    int bits = Integer.parseInt(length);
    return IpAddress.parse(text.substring(0, slash))
        .filter(ip -> bits <= ip.bytes().length * 8)
        .map(ip -> new Cidr(ip, bits));
  }

  public IpAddress ip() {
    return address;
  }

  public long prefixLength() {
    return prefix;
  }

  /** The network: the address with the host bits cleared. */
  public Cidr masked() {
    byte[] b = address.bytes();
    for (int bit = prefix; bit < b.length * 8; bit++) {
      b[bit / 8] &= (byte) ~(0x80 >> (bit % 8));
    }
    return new Cidr(new IpAddress(b), prefix);
  }

  public boolean contains(IpAddress ip) {
    if (ip.family() != address.family()) {
      return false;
    }
    byte[] a = address.bytes();
    byte[] b = ip.bytes();
    for (int bit = 0; bit < prefix; bit++) {
      int mask = 0x80 >> (bit % 8);
      if ((a[bit / 8] & mask) != (b[bit / 8] & mask)) {
        return false;
      }
    }
    return true;
  }

  public boolean contains(Cidr other) {
    return other.prefix >= prefix && contains(other.address);
  }

  @Override
  public String toString() {
    return address + "/" + prefix;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Cidr c && c.address.equals(address) && c.prefix == prefix;
  }

  @Override
  public int hashCode() {
    return address.hashCode() * 31 + prefix;
  }
}
