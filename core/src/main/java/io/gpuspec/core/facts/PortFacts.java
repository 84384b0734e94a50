package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ExecAction;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Lifecycle;
import io.fabric8.kubernetes.api.model.LifecycleHandler;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * K8S014: container ports and probes as the API server's {@code validateContainerPorts}, {@code
 * AccumulateUniqueHostPorts}, {@code validatePodHostNetworkDeps} and {@code validateProbe} check
 * them: port numbers 1–65535, IANA port names used once per container, protocols TCP, UDP or SCTP,
 * no host port/protocol/IP taken twice (across the regular containers, and within each init
 * container), host ports equal to container ports under {@code hostNetwork}; a probe with exactly
 * one handler, valid ports, non-negative timings, a success threshold of 1 for liveness and startup
 * probes; lifecycle hooks ({@code validateLifecycle}) of regular and sidecar containers with
 * exactly one handler and a sleep within the pod's grace period. All are rejections.
 */
public final class PortFacts {

  /** The rule that reports these facts. */
  public static final String RULE = "K8S014";

  /** The API server's default {@code terminationGracePeriodSeconds}. */
  private static final long DEFAULT_GRACE_SECONDS = 30;

  private static final Set<String> PROTOCOLS = Set.of("TCP", "UDP", "SCTP");

  /** IANA service names: lower-case letters, digits and '-', at least one letter. */
  private static final Pattern PORT_NAME = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?");

  private PortFacts() {}

  /** The findings on a pod spec at {@code specPath}. */
  public static List<Finding> of(PodSpec spec, String specPath) {
    PodSpec given = NullFree.podSpec(spec);
    boolean hostNetwork = Boolean.TRUE.equals(given.getHostNetwork());
    List<Finding> findings = new ArrayList<>();
    Set<String> hostPorts = new HashSet<>();
    List<Container> containers = given.getContainers();
    long grace =
        given.getTerminationGracePeriodSeconds() == null
            ? DEFAULT_GRACE_SECONDS
            : given.getTerminationGracePeriodSeconds();
    for (int i = 0; i < containers.size(); i++) {
      String path = specPath + ".containers[" + i + "]";
      container(containers.get(i), path, hostNetwork, hostPorts, findings);
      lifecycle(containers.get(i), path, grace, findings);
    }
    List<Container> init = given.getInitContainers();
    for (int i = 0; i < init.size(); i++) {
      String path = specPath + ".initContainers[" + i + "]";
      container(init.get(i), path, hostNetwork, new HashSet<>(), findings);
      if (init.get(i) != null && "Always".equals(init.get(i).getRestartPolicy())) {
        lifecycle(init.get(i), path, grace, findings);
      }
    }
    return findings;
  }

  private static void container(
      @Nullable Container container,
      String path,
      boolean hostNetwork,
      Set<String> hostPorts,
      List<Finding> findings) {
    if (container == null) {
      return;
    }
    List<ContainerPort> ports = container.getPorts() == null ? List.of() : container.getPorts();
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < ports.size(); i++) {
      ContainerPort port = ports.get(i);
      if (port != null) {
        port(port, path + ".ports[" + i + "]", i, names, hostNetwork, hostPorts, findings);
      }
    }
    probe(container.getLivenessProbe(), path + ".livenessProbe", true, findings);
    probe(container.getStartupProbe(), path + ".startupProbe", true, findings);
    probe(container.getReadinessProbe(), path + ".readinessProbe", false, findings);
    if (container.getReadinessProbe() != null
        && container.getReadinessProbe().getTerminationGracePeriodSeconds() != null) {
      findings.add(
          Finding.rejection(
              path + ".readinessProbe.terminationGracePeriodSeconds",
              "a readiness probe takes no terminationGracePeriodSeconds",
              "remove it; liveness and startup probes take one"));
    }
  }

  private static void port(
      ContainerPort port,
      String at,
      int index,
      Map<String, Integer> names,
      boolean hostNetwork,
      Set<String> hostPorts,
      List<Finding> findings) {
    String name = port.getName();
    if (name != null && !name.isEmpty()) {
      if (!isPortName(name)) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "port name \"" + name + "\" is not an IANA service name",
                "use at most 15 lower-case letters, digits and '-' with a letter, e.g. http"));
      } else if (names.putIfAbsent(name, index) != null) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "port name \"" + name + "\" is also used by ports[" + names.get(name) + "]",
                "give each port of the container its own name"));
      }
    }
    int containerPort = port.getContainerPort() == null ? 0 : port.getContainerPort();
    if (!isPortNumber(containerPort)) {
      findings.add(
          Finding.rejection(
              at + ".containerPort",
              "containerPort " + containerPort + " is not 1 to 65535",
              "give the port the container listens on"));
    }
    int hostPort = port.getHostPort() == null ? 0 : port.getHostPort();
    if (hostPort != 0 && !isPortNumber(hostPort)) {
      findings.add(
          Finding.rejection(
              at + ".hostPort",
              "hostPort " + hostPort + " is not 1 to 65535",
              "give a host port from 1 to 65535, or leave it out"));
    }
    String protocol = port.getProtocol() == null ? "TCP" : port.getProtocol();
    if (!PROTOCOLS.contains(protocol)) {
      findings.add(
          Finding.rejection(
              at + ".protocol",
              "protocol \"" + protocol + "\" is not TCP, UDP or SCTP",
              "write TCP, UDP or SCTP (upper case)"));
    }
    if (hostNetwork && hostPort != 0 && hostPort != containerPort) {
      findings.add(
          Finding.rejection(
              at + ".hostPort",
              "with hostNetwork the hostPort must equal the containerPort " + containerPort,
              "leave hostPort out or set it to " + containerPort));
    }
    int effectiveHost = hostNetwork && hostPort == 0 ? containerPort : hostPort;
    String key =
        protocol + "/" + (port.getHostIP() == null ? "" : port.getHostIP()) + "/" + effectiveHost;
    if (effectiveHost != 0 && !hostPorts.add(key)) {
      findings.add(
          Finding.rejection(
              at + ".hostPort",
              "host port " + key + " is taken by another port of the pod",
              "give each port of the pod its own host port"));
    }
  }

  private static void probe(
      @Nullable Probe probe, String at, boolean oneSuccess, List<Finding> findings) {
    if (probe == null) {
      return;
    }
    handlers(
        "probe",
        "exec, httpGet, tcpSocket or grpc",
        at,
        findings,
        probe.getExec(),
        probe.getHttpGet(),
        probe.getTcpSocket(),
        probe.getGrpc());
    execCommand(probe.getExec(), at, findings);
    if (probe.getHttpGet() != null) {
      portRef(probe.getHttpGet().getPort(), at + ".httpGet.port", findings);
      String scheme = probe.getHttpGet().getScheme();
      if (scheme != null && !scheme.equals("HTTP") && !scheme.equals("HTTPS")) {
        findings.add(
            Finding.rejection(
                at + ".httpGet.scheme",
                "scheme \"" + scheme + "\" is not HTTP or HTTPS",
                "write HTTP or HTTPS (upper case)"));
      }
    }
    if (probe.getTcpSocket() != null) {
      portRef(probe.getTcpSocket().getPort(), at + ".tcpSocket.port", findings);
    }
    if (probe.getGrpc() != null) {
      int port = probe.getGrpc().getPort() == null ? 0 : probe.getGrpc().getPort();
      if (!isPortNumber(port)) {
        findings.add(
            Finding.rejection(
                at + ".grpc.port", "port " + port + " is not 1 to 65535", "give the gRPC port"));
      }
    }
    timing(probe.getInitialDelaySeconds(), at + ".initialDelaySeconds", findings);
    timing(probe.getTimeoutSeconds(), at + ".timeoutSeconds", findings);
    timing(probe.getPeriodSeconds(), at + ".periodSeconds", findings);
    timing(probe.getSuccessThreshold(), at + ".successThreshold", findings);
    timing(probe.getFailureThreshold(), at + ".failureThreshold", findings);
    Integer success = probe.getSuccessThreshold();
    if (oneSuccess && success != null && success != 0 && success != 1) {
      findings.add(
          Finding.rejection(
              at + ".successThreshold",
              "successThreshold is " + success + " but must be 1 for liveness and startup probes",
              "set successThreshold: 1, or leave it out"));
    }
    Long grace = probe.getTerminationGracePeriodSeconds();
    if (grace != null && grace <= 0) {
      findings.add(
          Finding.rejection(
              at + ".terminationGracePeriodSeconds",
              "terminationGracePeriodSeconds " + grace + " is not positive",
              "give at least 1 second, or leave it out"));
    }
  }

  /**
   * The hooks of a container that may have them (a regular container or a sidecar): each with
   * exactly one of exec, httpGet, tcpSocket or sleep, valid ports, and a sleep of 0 to the pod's
   * grace period. An init container that is no sidecar may have none (K8S016 reports it).
   */
  private static void lifecycle(
      @Nullable Container container, String path, long grace, List<Finding> findings) {
    Lifecycle lifecycle = container == null ? null : container.getLifecycle();
    if (lifecycle == null) {
      return;
    }
    hook(lifecycle.getPostStart(), path + ".lifecycle.postStart", grace, findings);
    hook(lifecycle.getPreStop(), path + ".lifecycle.preStop", grace, findings);
  }

  private static void hook(
      @Nullable LifecycleHandler hook, String at, long grace, List<Finding> findings) {
    if (hook == null) {
      return;
    }
    handlers(
        "hook",
        "exec, httpGet, tcpSocket or sleep",
        at,
        findings,
        hook.getExec(),
        hook.getHttpGet(),
        hook.getTcpSocket(),
        hook.getSleep());
    execCommand(hook.getExec(), at, findings);
    if (hook.getHttpGet() != null) {
      portRef(hook.getHttpGet().getPort(), at + ".httpGet.port", findings);
    }
    if (hook.getTcpSocket() != null) {
      portRef(hook.getTcpSocket().getPort(), at + ".tcpSocket.port", findings);
    }
    if (hook.getSleep() != null) {
      long seconds = hook.getSleep().getSeconds() == null ? 0 : hook.getSleep().getSeconds();
      if (seconds < 0 || seconds > grace) {
        findings.add(
            Finding.rejection(
                at + ".sleep.seconds",
                "sleep of " + seconds + " s is not 0 to the pod's grace period of " + grace + " s",
                "sleep at most terminationGracePeriodSeconds, or raise that"));
      }
    }
  }

  /** A probe or hook names exactly one of its handlers. */
  private static void handlers(
      String what, String names, String at, List<Finding> findings, @Nullable Object... handlers) {
    long given = Stream.of(handlers).filter(h -> h != null).count();
    if (given != 1) {
      findings.add(
          Finding.rejection(
              at,
              given == 0
                  ? "the " + what + " has no handler"
                  : "the " + what + " has more than one handler",
              "give one of " + names));
    }
  }

  /** An exec handler, if given, has a command. */
  private static void execCommand(@Nullable ExecAction exec, String at, List<Finding> findings) {
    if (exec != null && (exec.getCommand() == null || exec.getCommand().isEmpty())) {
      findings.add(
          Finding.rejection(
              at + ".exec.command", "exec has no command", "give the command to run"));
    }
  }

  private static void portRef(@Nullable IntOrString port, String at, List<Finding> findings) {
    if (port == null) {
      findings.add(Finding.rejection(at, "the port is missing", "give a port number or name"));
    } else if (port.getStrVal() != null) {
      if (!isPortName(port.getStrVal())) {
        findings.add(
            Finding.rejection(
                at,
                "\"" + port.getStrVal() + "\" is not a port number or IANA port name",
                "give a number from 1 to 65535 or the name of a container port"));
      }
    } else if (port.getIntVal() == null || !isPortNumber(port.getIntVal())) {
      findings.add(
          Finding.rejection(
              at,
              "port " + port.getIntVal() + " is not 1 to 65535",
              "give a port from 1 to 65535"));
    }
  }

  private static void timing(@Nullable Integer value, String at, List<Finding> findings) {
    if (value != null && value < 0) {
      findings.add(
          Finding.rejection(at, value + " is negative", "give 0 or more, or leave it out"));
    }
  }

  private static boolean isPortNumber(int port) {
    return port >= 1 && port <= 65535;
  }

  static boolean isPortName(String name) {
    return name.length() <= 15
        && PORT_NAME.matcher(name).matches()
        && !name.contains("--")
        && name.chars().anyMatch(Character::isLetter);
  }
}
