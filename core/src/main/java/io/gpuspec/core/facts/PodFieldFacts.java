package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.HostAlias;
import io.fabric8.kubernetes.api.model.PodDNSConfig;
import io.fabric8.kubernetes.api.model.PodDNSConfigOption;
import io.fabric8.kubernetes.api.model.PodReadinessGate;
import io.fabric8.kubernetes.api.model.PodSchedulingGate;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * K8S017: the pod-level fields the API server's {@code ValidatePodSpec} checks one by one, judged
 * as written before defaulting: {@code dnsPolicy} and {@code dnsConfig} ({@code validateDNSPolicy},
 * {@code validatePodDNSConfig}), {@code nodeName}, {@code hostname}, {@code subdomain}, {@code
 * runtimeClassName}, {@code activeDeadlineSeconds}, {@code preemptionPolicy}, {@code os} ({@code
 * validateOS}, {@code validateLinux}, {@code validateWindows}), readiness and scheduling gates and
 * host aliases; for a bare Pod also {@code restartPolicy} and what {@code ValidatePodCreate} adds
 * (no ephemeral containers, no {@code nodeName} while scheduling gates remain). All are rejections.
 */
public final class PodFieldFacts {

  /** The rule that reports these facts. */
  public static final String RULE = "K8S017";

  private static final Set<String> DNS_POLICIES =
      Set.of("ClusterFirstWithHostNet", "ClusterFirst", "Default", "None");
  private static final Set<String> RESTART_POLICIES = Set.of("Always", "OnFailure", "Never");
  private static final Set<String> PREEMPTION_POLICIES = Set.of("PreemptLowerPriority", "Never");
  private static final int MAX_NAMESERVERS = 3;
  private static final int MAX_SEARCHES = 32;
  private static final int MAX_SEARCH_CHARS = 2048;
  private static final Pattern IPV4 =
      Pattern.compile("([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})\\.([0-9]{1,3})");
  private static final Pattern SUBDOMAIN_WITH_UNDERSCORE =
      Pattern.compile("[a-z0-9_]([-a-z0-9_]*[a-z0-9])?(\\.[a-z0-9_]([-a-z0-9_]*[a-z0-9])?)*");

  private PodFieldFacts() {}

  /**
   * The findings on a pod spec at {@code specPath}; {@code isPod} when the spec is a bare Pod's
   * (not a template), which the API server checks further.
   */
  public static List<Finding> of(PodSpec spec, String specPath, boolean isPod) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    dns(given, specPath, findings);
    names(given, specPath, findings);
    Long deadline = given.getActiveDeadlineSeconds();
    if (deadline != null && (deadline < 1 || deadline > Integer.MAX_VALUE)) {
      findings.add(
          Finding.rejection(
              specPath + ".activeDeadlineSeconds",
              "activeDeadlineSeconds " + deadline + " is not 1 to 2147483647",
              "give the pod's time limit in seconds, at least 1"));
    }
    String preemption = given.getPreemptionPolicy();
    if (preemption != null && !PREEMPTION_POLICIES.contains(preemption)) {
      findings.add(
          Finding.rejection(
              specPath + ".preemptionPolicy",
              "preemptionPolicy \"" + preemption + "\" is not PreemptLowerPriority or Never",
              "write PreemptLowerPriority or Never, or leave it to the PriorityClass"));
    }
    OsFacts.check(given, specPath, findings);
    gates(given, specPath, findings);
    hostAliases(given.getHostAliases(), specPath + ".hostAliases", findings);
    if (isPod) {
      podOnly(given, specPath, findings);
    }
    return findings;
  }

  private static void podOnly(PodSpec spec, String specPath, List<Finding> findings) {
    String restart = spec.getRestartPolicy();
    if (restart != null && !restart.isEmpty() && !RESTART_POLICIES.contains(restart)) {
      findings.add(
          Finding.rejection(
              specPath + ".restartPolicy",
              "restartPolicy \"" + restart + "\" is not Always, OnFailure or Never",
              "write Always, OnFailure or Never"));
    }
    if (!spec.getEphemeralContainers().isEmpty()) {
      findings.add(
          Finding.rejection(
              specPath + ".ephemeralContainers",
              "a Pod cannot be created with ephemeral containers",
              "remove them; add them later with kubectl debug"));
    }
    if (spec.getNodeName() != null
        && !spec.getNodeName().isEmpty()
        && !spec.getSchedulingGates().isEmpty()) {
      findings.add(
          Finding.rejection(
              specPath + ".nodeName",
              "nodeName cannot be set while scheduling gates remain",
              "remove nodeName or the schedulingGates"));
    }
  }

  private static void dns(PodSpec spec, String specPath, List<Finding> findings) {
    String policy = spec.getDnsPolicy();
    if (policy != null && !policy.isEmpty() && !DNS_POLICIES.contains(policy)) {
      findings.add(
          Finding.rejection(
              specPath + ".dnsPolicy",
              "dnsPolicy \""
                  + policy
                  + "\" is not ClusterFirst, ClusterFirstWithHostNet, Default"
                  + " or None",
              "write one of those, or leave dnsPolicy out"));
    }
    PodDNSConfig config = spec.getDnsConfig();
    List<String> servers = config == null ? List.of() : orEmpty(config.getNameservers());
    String at = specPath + ".dnsConfig";
    if ("None".equals(policy) && servers.isEmpty()) {
      findings.add(
          Finding.rejection(
              config == null ? at : at + ".nameservers",
              "dnsPolicy None needs at least one nameserver in dnsConfig",
              "list the DNS servers under dnsConfig.nameservers"));
      return;
    }
    if (config == null) {
      return;
    }
    if (servers.size() > MAX_NAMESERVERS) {
      findings.add(
          Finding.rejection(
              at + ".nameservers",
              servers.size() + " nameservers are more than 3",
              "list at most 3 DNS servers"));
    }
    for (int i = 0; i < servers.size(); i++) {
      if (!isIp(servers.get(i))) {
        findings.add(
            Finding.rejection(
                at + ".nameservers[" + i + "]",
                "\"" + servers.get(i) + "\" is not an IP address",
                "give the server's IPv4 or IPv6 address"));
      }
    }
    List<String> searches = orEmpty(config.getSearches());
    if (searches.size() > MAX_SEARCHES) {
      findings.add(
          Finding.rejection(
              at + ".searches",
              searches.size() + " search domains are more than 32",
              "list at most 32 search domains"));
    }
    if (String.join(" ", searches.stream().map(s -> s == null ? "" : s).toList()).length()
        > MAX_SEARCH_CHARS) {
      findings.add(
          Finding.rejection(
              at + ".searches",
              "the search domains are longer than 2048 characters in all",
              "list fewer or shorter search domains"));
    }
    for (int i = 0; i < searches.size(); i++) {
      String search = searches.get(i) == null ? "" : searches.get(i);
      String trimmed = search.endsWith(".") ? search.substring(0, search.length() - 1) : search;
      if (!search.equals(".") && !isSearchDomain(trimmed)) {
        findings.add(
            Finding.rejection(
                at + ".searches[" + i + "]",
                "\"" + search + "\" is not a DNS subdomain",
                "give a domain such as ml.svc.cluster.local"));
      }
    }
    List<PodDNSConfigOption> options = orEmpty(config.getOptions());
    for (int i = 0; i < options.size(); i++) {
      PodDNSConfigOption option = options.get(i);
      if (option == null || option.getName() == null || option.getName().isEmpty()) {
        findings.add(
            Finding.rejection(
                at + ".options[" + i + "]",
                "the DNS option has no name",
                "give the resolver option's name, e.g. ndots"));
      }
    }
  }

  private static void names(PodSpec spec, String specPath, List<Finding> findings) {
    String node = spec.getNodeName();
    if (node != null && !node.isEmpty() && !Names.isDns1123Subdomain(node)) {
      findings.add(
          Finding.rejection(
              specPath + ".nodeName",
              "nodeName \"" + node + "\" is not a DNS-1123 subdomain",
              "give the node's name as kubectl get nodes prints it"));
    }
    for (String field : List.of("hostname", "subdomain")) {
      String value = field.equals("hostname") ? spec.getHostname() : spec.getSubdomain();
      if (value != null && !value.isEmpty() && !Names.isDns1123Label(value)) {
        findings.add(
            Finding.rejection(
                specPath + "." + field,
                field + " \"" + value + "\" is not a DNS-1123 label",
                "use at most 63 of [a-z0-9-], starting and ending alphanumeric"));
      }
    }
    String runtime = spec.getRuntimeClassName();
    if (runtime != null && !Names.isDns1123Subdomain(runtime)) {
      findings.add(
          Finding.rejection(
              specPath + ".runtimeClassName",
              "runtimeClassName \"" + runtime + "\" is not a DNS-1123 subdomain",
              "name a RuntimeClass, e.g. nvidia, or leave the field out"));
    }
  }

  private static void gates(PodSpec spec, String specPath, List<Finding> findings) {
    List<PodReadinessGate> readiness = spec.getReadinessGates();
    for (int i = 0; i < readiness.size(); i++) {
      String type = readiness.get(i) == null ? "" : orEmpty(readiness.get(i).getConditionType());
      if (!Names.isQualifiedName(type)) {
        findings.add(
            Finding.rejection(
                specPath + ".readinessGates[" + i + "].conditionType",
                "condition type \"" + type + "\" is not a qualified name",
                "give a condition type such as example.com/feature-ready"));
      }
    }
    List<PodSchedulingGate> scheduling = spec.getSchedulingGates();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < scheduling.size(); i++) {
      String name = scheduling.get(i) == null ? "" : orEmpty(scheduling.get(i).getName());
      if (!Names.isQualifiedName(name)) {
        findings.add(
            Finding.rejection(
                specPath + ".schedulingGates[" + i + "]",
                "scheduling gate \"" + name + "\" is not a qualified name",
                "give a gate name such as example.com/quota-check"));
      }
      if (!seen.add(name)) {
        findings.add(
            Finding.rejection(
                specPath + ".schedulingGates[" + i + "]",
                "scheduling gate \"" + name + "\" is listed twice",
                "list each gate once"));
      }
    }
  }

  private static void hostAliases(List<HostAlias> aliases, String path, List<Finding> findings) {
    for (int i = 0; i < aliases.size(); i++) {
      HostAlias alias = aliases.get(i) == null ? new HostAlias() : aliases.get(i);
      String ip = orEmpty(alias.getIp());
      if (!isIp(ip)) {
        findings.add(
            Finding.rejection(
                path + "[" + i + "].ip",
                "\"" + ip + "\" is not an IP address",
                "give the IPv4 or IPv6 address the host names resolve to"));
      }
      List<String> hostnames = orEmpty(alias.getHostnames());
      for (int j = 0; j < hostnames.size(); j++) {
        if (!Names.isDns1123Subdomain(hostnames.get(j))) {
          findings.add(
              Finding.rejection(
                  path + "[" + i + "].hostnames[" + j + "]",
                  "\"" + hostnames.get(j) + "\" is not a DNS-1123 subdomain",
                  "give a lower-case host name such as storage.internal"));
        }
      }
    }
  }

  /** An IPv4 or IPv6 address as Go's IP parser takes it (IPv4 octets may have leading zeros). */
  static boolean isIp(@Nullable String value) {
    if (value == null || value.isEmpty()) {
      return false;
    }
    var v4 = IPV4.matcher(value);
    if (v4.matches()) {
      for (int g = 1; g <= 4; g++) {
        if (Integer.parseInt(v4.group(g)) > 255) {
          return false;
        }
      }
      return true;
    }
    if (!value.contains(":") || value.contains("%") || value.contains("[")) {
      return false;
    }
    try {
      // A literal with ':' is parsed, never looked up; an IPv4-mapped one comes back as IPv4.
      InetAddress.getByName(value);
      return true;
    } catch (UnknownHostException notAnAddress) {
      return false;
    }
  }

  private static boolean isSearchDomain(String value) {
    return !value.isEmpty()
        && value.length() <= 253
        && SUBDOMAIN_WITH_UNDERSCORE.matcher(value).matches();
  }

  private static String orEmpty(@Nullable String value) {
    return value == null ? "" : value;
  }

  private static <T> List<T> orEmpty(@Nullable List<T> list) {
    return list == null ? List.of() : list;
  }
}
