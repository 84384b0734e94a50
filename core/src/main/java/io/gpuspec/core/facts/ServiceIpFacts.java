package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.ServiceSpec;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A Service's addresses as core {@code ValidateService} and {@code
 * ValidateServiceClusterIPsRelatedFields} admit them on create, after the API server copies {@code
 * clusterIP} into an empty {@code clusterIPs} (and back): {@code clusterIPs[0]} equal to {@code
 * clusterIP}; at most two cluster IPs, valid addresses, {@code None} only alone, one per family;
 * {@code ipFamilies} of IPv4/IPv6 without repeats, matching the cluster IPs in order; a known
 * {@code ipFamilyPolicy}, {@code SingleStack} with one family and one address; ExternalName
 * Services with neither; {@code externalIPs} that are valid, non-special addresses; {@code
 * loadBalancerSourceRanges} that are CIDRs, on a LoadBalancer only. Reported by rule {@value
 * ServiceFacts#RULE}; every finding is a rejection.
 */
final class ServiceIpFacts {

  private static final Set<String> FAMILIES = Set.of("IPv4", "IPv6");
  private static final Set<String> POLICIES =
      Set.of("SingleStack", "PreferDualStack", "RequireDualStack");

  private ServiceIpFacts() {}

  static void check(List<Finding> findings, ServiceSpec spec, String type) {
    List<String> ips = strings(spec.getClusterIPs());
    String clusterIp = spec.getClusterIP() == null ? "" : spec.getClusterIP();
    if (ips.isEmpty() && !clusterIp.isEmpty()) {
      ips.add(clusterIp); // the API server fills clusterIPs from clusterIP
    }
    List<String> families = strings(spec.getIpFamilies());
    String policy = spec.getIpFamilyPolicy();
    externalIps(findings, strings(spec.getExternalIPs()));
    sourceRanges(findings, strings(spec.getLoadBalancerSourceRanges()), type);
    if (type.equals("ExternalName")) {
      if (policy != null) {
        findings.add(
            Finding.rejection(
                "spec.ipFamilyPolicy",
                "an ExternalName Service may not set ipFamilyPolicy",
                "drop ipFamilyPolicy"));
      }
      if (!families.isEmpty()) {
        findings.add(
            Finding.rejection(
                "spec.ipFamilies",
                "an ExternalName Service may not set ipFamilies",
                "drop ipFamilies"));
      }
      return; // its cluster IP is K8S033's ExternalName check
    }
    if (!clusterIp.isEmpty() && !ips.get(0).equals(clusterIp)) {
      findings.add(
          Finding.rejection(
              "spec.clusterIPs",
              "clusterIPs[0] \"" + ips.get(0) + "\" does not match clusterIP \"" + clusterIp + "\"",
              "write the same address first in clusterIPs, or drop clusterIP"));
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < families.size(); i++) {
      String family = families.get(i);
      if (!FAMILIES.contains(family)) {
        findings.add(
            Finding.rejection(
                "spec.ipFamilies[" + i + "]",
                "IP family \"" + family + "\" is not IPv4 or IPv6",
                "write IPv4 or IPv6"));
      } else if (!seen.add(family)) {
        findings.add(
            Finding.rejection(
                "spec.ipFamilies[" + i + "]",
                "Duplicate value: \"" + family + "\"",
                "list each family once"));
      }
    }
    if (policy != null && !POLICIES.contains(policy)) {
      findings.add(
          Finding.rejection(
              "spec.ipFamilyPolicy",
              "ipFamilyPolicy \""
                  + policy
                  + "\" is not SingleStack, PreferDualStack or"
                  + " RequireDualStack",
              "set ipFamilyPolicy: SingleStack, or drop it"));
    }
    if ("SingleStack".equals(policy) && (families.size() > 1 || ips.size() > 1)) {
      findings.add(
          Finding.rejection(
              families.size() > 1 ? "spec.ipFamilies" : "spec.clusterIPs",
              "a SingleStack Service holds one IP family and one cluster IP",
              "set ipFamilyPolicy: PreferDualStack or RequireDualStack, or keep one family"));
    }
    if (clusterIps(findings, ips)) {
      return; // family checks on bad addresses would only repeat the error
    }
    boolean headless = ips.size() == 1 && ips.get(0).equals("None");
    for (int i = 0; !headless && i < ips.size() && i < families.size(); i++) {
      boolean v6 = isIpv6(ips.get(i));
      if ((families.get(i).equals("IPv4") && v6) || (families.get(i).equals("IPv6") && !v6)) {
        findings.add(
            Finding.rejection(
                "spec.clusterIPs[" + i + "]",
                "\""
                    + ips.get(i)
                    + "\" is not an "
                    + families.get(i)
                    + " address as ipFamilies["
                    + i
                    + "] says",
                "list the families in the order of the cluster IPs"));
      }
    }
  }

  /** The list with {@code null} items read as empty strings. */
  private static List<String> strings(@Nullable List<String> list) {
    List<String> strings = new ArrayList<>();
    for (String item : NullFree.list(list)) {
      strings.add(item == null ? "" : item);
    }
    return strings;
  }

  /** Checks the cluster IPs; true when one is invalid. */
  private static boolean clusterIps(List<Finding> findings, List<String> ips) {
    boolean invalid = false;
    for (int i = 0; i < ips.size(); i++) {
      String ip = ips.get(i);
      if (i == 0 && ip.equals("None")) {
        if (ips.size() > 1) {
          invalid = true;
          findings.add(
              Finding.rejection(
                  "spec.clusterIPs",
                  "'None' must be the first and only value",
                  "keep clusterIPs: [None] for a headless Service"));
        }
      } else if (!PodFieldFacts.isIp(ip)) {
        invalid = true;
        findings.add(
            Finding.rejection(
                "spec.clusterIPs[" + i + "]",
                "\"" + ip + "\" is not a valid IP address",
                "drop it to let the cluster allocate one, or write an address of the service"
                    + " range"));
      }
    }
    if (ips.size() > 2) {
      findings.add(
          Finding.rejection(
              "spec.clusterIPs", "clusterIPs may hold at most 2 values", "keep one per family"));
    }
    if (!invalid && ips.size() == 2 && isIpv6(ips.get(0)) == isIpv6(ips.get(1))) {
      findings.add(
          Finding.rejection(
              "spec.clusterIPs",
              "two cluster IPs of one family; a Service takes one per family",
              "keep one IPv4 and one IPv6 address"));
    }
    return invalid;
  }

  private static void externalIps(List<Finding> findings, List<String> ips) {
    for (int i = 0; i < ips.size(); i++) {
      String ip = ips.get(i);
      String at = "spec.externalIPs[" + i + "]";
      if (!PodFieldFacts.isIp(ip)) {
        findings.add(
            Finding.rejection(
                at, "\"" + ip + "\" is not a valid IP address", "write the node's address"));
      } else if (isSpecial(ip)) {
        findings.add(
            Finding.rejection(
                at,
                "\"" + ip + "\" is an unspecified, loopback, link-local or multicast address",
                "write an address clients can reach"));
      }
    }
  }

  private static void sourceRanges(List<Finding> findings, List<String> ranges, String type) {
    if (!ranges.isEmpty() && !type.equals("LoadBalancer")) {
      findings.add(
          Finding.rejection(
              "spec.loadBalancerSourceRanges",
              "loadBalancerSourceRanges may only be used when type is LoadBalancer",
              "drop it, or set type: LoadBalancer"));
    }
    for (int i = 0; i < ranges.size(); i++) {
      String range = ranges.get(i).strip();
      if (!isCidr(range)) {
        findings.add(
            Finding.rejection(
                "spec.loadBalancerSourceRanges[" + i + "]",
                "\"" + ranges.get(i) + "\" is not a CIDR",
                "write a range such as 10.0.0.0/8"));
      }
    }
  }

  private static boolean isCidr(String value) {
    int slash = value.indexOf('/');
    if (slash < 0 || !PodFieldFacts.isIp(value.substring(0, slash))) {
      return false;
    }
    String bits = value.substring(slash + 1);
    if (bits.isEmpty() || bits.length() > 3 || !bits.chars().allMatch(Character::isDigit)) {
      return false;
    }
    return Integer.parseInt(bits) <= (isIpv6(value.substring(0, slash)) ? 128 : 32);
  }

  private static boolean isIpv6(String ip) {
    return address(ip) instanceof Inet6Address;
  }

  private static boolean isSpecial(String ip) {
    InetAddress address = address(ip);
    return address != null
        && (address.isAnyLocalAddress()
            || address.isLoopbackAddress()
            || address.isLinkLocalAddress()
            || address.isMulticastAddress());
  }

  /** The address of a literal {@link PodFieldFacts#isIp} accepted; never a name lookup. */
  private static @Nullable InetAddress address(String ip) {
    if (!PodFieldFacts.isIp(ip)) {
      return null;
    }
    try {
      if (!ip.contains(":")) {
        String[] octets = ip.split("\\.");
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
          bytes[i] = (byte) Integer.parseInt(octets[i]);
        }
        return InetAddress.getByAddress(bytes);
      }
      return InetAddress.getByName(ip);
    } catch (UnknownHostException notAnAddress) {
      return null;
    }
  }
}
