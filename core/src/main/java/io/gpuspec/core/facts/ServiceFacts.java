package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.ServiceSpec;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A Service as core {@code ValidateService} admits it on create after defaulting (<a
 * href="https://kubernetes.io/docs/concepts/services-networking/service/">Service</a>): a name that
 * is a DNS-1035 label (it becomes a DNS name and environment variables); ports unless the Service
 * is headless or ExternalName; each port 1–65535 with a known protocol, a target port that is a
 * port number or IANA name, a name (DNS label, unique) when there are several, no port and protocol
 * twice, no nodePort on a ClusterIP Service; a known type, an ExternalName Service with a valid
 * {@code externalName} and no cluster IP, no headless NodePort or LoadBalancer, a {@code
 * loadBalancerClass} only on a LoadBalancer; a known session affinity with a timeout of 1–86400
 * seconds, an {@code externalTrafficPolicy} only on externally reachable Services, and a known
 * {@code internalTrafficPolicy}; cluster and external IPs, IP families and source ranges as {@code
 * ServiceIpFacts} admits them. Every finding is a rejection; reported by rule {@value #RULE}.
 */
public final class ServiceFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S033";

  private static final Set<String> TYPES =
      Set.of("ClusterIP", "NodePort", "LoadBalancer", "ExternalName");
  private static final Set<String> PROTOCOLS = Set.of("TCP", "UDP", "SCTP");
  private static final Set<String> TRAFFIC = Set.of("Cluster", "Local");
  private static final int MAX_AFFINITY_SECONDS = 86400;

  private ServiceFacts() {}

  /** K8S033 on one Service. */
  public static List<Finding> valid(Service service) {
    List<Finding> findings = new ArrayList<>();
    String name = service.getMetadata() == null ? null : service.getMetadata().getName();
    if (name != null && Names.isDns1123Label(name) && !Names.isDns1035Label(name)) {
      findings.add(
          Finding.rejection(
              "metadata.name",
              "a Service name must start with a letter (a DNS-1035 label), but \""
                  + name
                  + "\" starts with a digit",
              "rename it, e.g. \"svc-" + name + "\""));
    }
    ServiceSpec spec = service.getSpec() == null ? new ServiceSpec() : service.getSpec();
    String type = spec.getType() == null || spec.getType().isEmpty() ? "ClusterIP" : spec.getType();
    boolean headless = "None".equals(spec.getClusterIP());
    if (!TYPES.contains(type)) {
      findings.add(
          Finding.rejection(
              "spec.type",
              "type \"" + type + "\" is not ClusterIP, NodePort, LoadBalancer or ExternalName",
              "set type: ClusterIP (in-cluster), NodePort or LoadBalancer"));
    }
    List<ServicePort> ports = NullFree.list(spec.getPorts());
    if (ports.isEmpty() && !headless && !type.equals("ExternalName")) {
      findings.add(
          Finding.rejection(
              "spec.ports",
              "Required value: a Service that is neither headless nor ExternalName needs ports",
              "list the ports, e.g. [{name: http, port: 8000, targetPort: 8000}], or set"
                  + " clusterIP: None for a headless Service"));
    }
    ports(findings, ports, type);
    kind(findings, spec, type, headless);
    affinity(findings, spec, type);
    ServiceIpFacts.check(findings, spec, type);
    return findings;
  }

  private static void ports(List<Finding> findings, List<ServicePort> ports, String type) {
    Set<String> names = new HashSet<>();
    Set<String> pairs = new HashSet<>();
    for (int i = 0; i < ports.size(); i++) {
      ServicePort port = ports.get(i) == null ? new ServicePort() : ports.get(i);
      String at = "spec.ports[" + i + "]";
      String name = port.getName() == null ? "" : port.getName();
      if (name.isEmpty() && ports.size() > 1) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "Required value: each port needs a name when a Service has several",
                "name the port, e.g. http or grpc"));
      } else if (!name.isEmpty() && !Names.isDns1123Label(name)) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "port name \"" + name + "\" is not a DNS label",
                "use lower-case letters, digits and '-'"));
      } else if (!name.isEmpty() && !names.add(name)) {
        findings.add(
            Finding.rejection(
                at + ".name", "Duplicate value: \"" + name + "\"", "name each port once"));
      }
      Integer number = port.getPort();
      if (number == null || number < 1 || number > 65535) {
        findings.add(
            Finding.rejection(
                at + ".port",
                (number == null ? "Required value: a port number" : number + " is not")
                    + " between 1 and 65535",
                "set port to the number clients connect to"));
      }
      String protocol = port.getProtocol();
      if (protocol != null && !protocol.isEmpty() && !PROTOCOLS.contains(protocol)) {
        findings.add(
            Finding.rejection(
                at + ".protocol",
                "protocol \"" + protocol + "\" is not TCP, UDP or SCTP",
                "set protocol: TCP (the default)"));
      }
      String key = number + "/" + (protocol == null || protocol.isEmpty() ? "TCP" : protocol);
      if (number != null && !pairs.add(key)) {
        findings.add(
            Finding.rejection(
                at, "Duplicate value: port " + key + " is listed twice", "list each port once"));
      }
      targetPort(findings, at + ".targetPort", port.getTargetPort());
      if (port.getNodePort() != null && port.getNodePort() != 0 && type.equals("ClusterIP")) {
        findings.add(
            Finding.rejection(
                at + ".nodePort",
                "nodePort may not be set on a ClusterIP Service",
                "remove nodePort, or set type: NodePort"));
      }
      if (port.getAppProtocol() != null && !Names.isQualifiedName(port.getAppProtocol())) {
        findings.add(
            Finding.rejection(
                at + ".appProtocol",
                "appProtocol \"" + port.getAppProtocol() + "\" is not a qualified name",
                "use e.g. http, h2c, or kubernetes.io/h2c"));
      }
    }
  }

  private static void targetPort(
      List<Finding> findings, String path, @Nullable IntOrString target) {
    if (target == null) {
      return; // defaults to the port
    }
    if (target.getStrVal() != null) {
      String text = target.getStrVal();
      if (!text.isEmpty() && !PortFacts.isPortName(text)) {
        findings.add(
            Finding.rejection(
                path,
                "\"" + text + "\" is not a port number or IANA port name",
                "use the container port's number or its name (at most 15 lower-case characters)"));
      }
    } else if (target.getIntVal() != null
        && target.getIntVal() != 0
        && (target.getIntVal() < 1 || target.getIntVal() > 65535)) {
      findings.add(
          Finding.rejection(
              path, target.getIntVal() + " is not between 1 and 65535", "use a container port"));
    }
  }

  private static void kind(
      List<Finding> findings, ServiceSpec spec, String type, boolean headless) {
    if (type.equals("ExternalName")) {
      String external = spec.getExternalName() == null ? "" : spec.getExternalName();
      String trimmed =
          external.endsWith(".") ? external.substring(0, external.length() - 1) : external;
      if (!Names.isDns1123Subdomain(trimmed)) {
        findings.add(
            Finding.rejection(
                "spec.externalName",
                external.isEmpty()
                    ? "Required value: an ExternalName Service needs externalName"
                    : "externalName \"" + external + "\" is not a DNS name",
                "set externalName to a host name such as models.example.com"));
      }
      if (spec.getClusterIP() != null && !spec.getClusterIP().isEmpty()) {
        findings.add(
            Finding.rejection(
                "spec.clusterIP",
                "clusterIP may not be set on an ExternalName Service",
                "remove clusterIP"));
      }
    }
    if (headless && (type.equals("NodePort") || type.equals("LoadBalancer"))) {
      findings.add(
          Finding.rejection(
              "spec.clusterIP",
              "clusterIP may not be None on a " + type + " Service",
              "remove clusterIP: None, or use type: ClusterIP for a headless Service"));
    }
    if (spec.getLoadBalancerClass() != null && !type.equals("LoadBalancer")) {
      findings.add(
          Finding.rejection(
              "spec.loadBalancerClass",
              "loadBalancerClass may only be set on a LoadBalancer Service",
              "remove loadBalancerClass, or set type: LoadBalancer"));
    }
  }

  private static void affinity(List<Finding> findings, ServiceSpec spec, String type) {
    String affinity = spec.getSessionAffinity();
    if (affinity != null
        && !affinity.isEmpty()
        && !affinity.equals("None")
        && !affinity.equals("ClientIP")) {
      findings.add(
          Finding.rejection(
              "spec.sessionAffinity",
              "sessionAffinity \"" + affinity + "\" is not None or ClientIP",
              "set sessionAffinity: ClientIP (sticky clients) or None"));
    }
    Integer timeout =
        spec.getSessionAffinityConfig() == null
                || spec.getSessionAffinityConfig().getClientIP() == null
            ? null
            : spec.getSessionAffinityConfig().getClientIP().getTimeoutSeconds();
    if ("ClientIP".equals(affinity)
        && timeout != null
        && (timeout < 1 || timeout > MAX_AFFINITY_SECONDS)) {
      findings.add(
          Finding.rejection(
              "spec.sessionAffinityConfig.clientIP.timeoutSeconds",
              timeout + " is not between 1 and 86400 seconds",
              "use 1 to 86400 (the default is 10800)"));
    }
    String external = spec.getExternalTrafficPolicy();
    if (external != null && !external.isEmpty()) {
      if (!type.equals("NodePort") && !type.equals("LoadBalancer")) {
        findings.add(
            Finding.rejection(
                "spec.externalTrafficPolicy",
                "externalTrafficPolicy may only be set on NodePort and LoadBalancer Services",
                "remove externalTrafficPolicy"));
      } else if (!TRAFFIC.contains(external)) {
        findings.add(
            Finding.rejection(
                "spec.externalTrafficPolicy",
                "externalTrafficPolicy \"" + external + "\" is not Cluster or Local",
                "set Cluster or Local"));
      }
    }
    String internal = spec.getInternalTrafficPolicy();
    if (internal != null && !internal.isEmpty() && !TRAFFIC.contains(internal)) {
      findings.add(
          Finding.rejection(
              "spec.internalTrafficPolicy",
              "internalTrafficPolicy \"" + internal + "\" is not Cluster or Local",
              "set Cluster or Local"));
    }
  }
}
