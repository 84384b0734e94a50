package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LimitRange;
import io.fabric8.kubernetes.api.model.LimitRangeBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import io.fabric8.kubernetes.api.model.rbac.SubjectBuilder;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.facts.TenancyFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A team's tenancy on the GPU cluster, rendered as one namespace and what fences it in:
 *
 * <ul>
 *   <li>{@code Namespace} labelled {@code pod-security.kubernetes.io/enforce: restricted} (and
 *       {@code audit}/{@code warn}), so the API server rejects pods that are not Pod Security
 *       "restricted" (https://kubernetes.io/docs/concepts/security/pod-security-admission/); GPU
 *       pods meet it, since the device plugin injects the devices;
 *   <li>{@code ServiceAccount} for the team's workloads with the field {@code
 *       automountServiceAccountToken: false} (a field, not an annotation): training pods do not
 *       talk to the API server, so they get no token;
 *   <li>{@code Role} and {@code RoleBinding} giving the team's groups and users least privilege,
 *       see below;
 *   <li>{@code ResourceQuota} with {@code requests.nvidia.com/gpu} (extended resources are only
 *       enforced as {@code requests.<name>}; a {@code limits.} key is stored but never enforced,
 *       https://kubernetes.io/docs/concepts/policy/resource-quotas/#resource-quota-for-extended-resources),
 *       {@code requests.cpu} and {@code requests.memory};
 *   <li>{@code LimitRange} giving containers that set none a CPU and memory request and a memory
 *       limit, so that pods without requests are admitted under the quota. It sets no GPU default:
 *       a default would give every container a GPU.
 * </ul>
 *
 * <p>The Role ({@value #ROLE}) lets members run and watch GPU work, and nothing that would let them
 * leave the fence (https://kubernetes.io/docs/concepts/security/rbac-good-practices/):
 *
 * <ul>
 *   <li>{@code get, list, watch, create, delete} on {@code batch} Jobs, {@code kubeflow.org}
 *       TFJobs, {@code batch.volcano.sh} Jobs and {@code scheduling.volcano.sh} PodGroups: submit
 *       and cancel training runs and gangs. No {@code update}/{@code patch}: a running Job's pod
 *       template cannot be changed, and suspending and resuming belong to Kueue;
 *   <li>{@code get, list, watch, create, delete} on PersistentVolumeClaims: dataset and checkpoint
 *       volumes;
 *   <li>{@code get, list, watch} on Pods, {@code pods/log} and Events: follow runs and read logs.
 *       No {@code pods/exec}, {@code pods/attach} or {@code pods/portforward}, which run commands
 *       in or tunnel into pods, and no creating bare Pods, which would bypass queueing;
 *   <li>{@code get, list, watch} on Kueue LocalQueues and Workloads: see queue and admission status
 *       (Kueue creates Workloads itself).
 * </ul>
 *
 * Not granted: Secrets, ServiceAccounts and tokens, Roles and RoleBindings (privilege escalation),
 * ResourceQuotas and LimitRanges (a team must not lift its own limits). Grant more in a separate
 * Role when a team needs it.
 *
 * <pre>{@code
 * Team vision = Team.named("vision").addMemberGroup("vision-researchers")
 *     .gpus(16).cpu("256").memory("2Ti").build();
 * }</pre>
 *
 * <p>Checked at build with SCH019's fact on the rendered LimitRange ({@link TenancyFacts}): the
 * default memory request is at most the default limit. The value itself checks names, members and
 * quantities.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class Team implements ManifestSource {

  /** The quota key of NVIDIA GPUs. */
  public static final String GPU_QUOTA = "requests.nvidia.com/gpu";

  /** The name of the team's Role and RoleBinding. */
  public static final String ROLE = "gpu-team-member";

  static final String QUOTA = "team-quota";
  static final String LIMIT_RANGE = "container-defaults";
  static final String POD_SECURITY = "pod-security.kubernetes.io/";
  private static final String RBAC_GROUP = "rbac.authorization.k8s.io";
  private static final List<String> SUBMIT = List.of("get", "list", "watch", "create", "delete");
  private static final List<String> READ = List.of("get", "list", "watch");

  /** The team's name, also the default namespace. */
  public abstract String name();

  /** The team's namespace, a DNS-1123 label; the team's name by default. */
  @Value.Default
  public String namespace() {
    return name();
  }

  /** Groups (as the cluster's authenticator names them) bound to the team's Role. */
  public abstract List<String> memberGroups();

  /** Users bound to the team's Role. */
  public abstract List<String> memberUsers();

  /** The quota of {@code nvidia.com/gpu}, rendered as {@code requests.nvidia.com/gpu}. */
  public abstract int gpus();

  /**
   * Quotas of further extended resources by resource name (e.g. {@code nvidia.com/mig-1g.10gb}),
   * rendered as {@code requests.<name>}.
   */
  public abstract Map<String, Integer> extendedQuotas();

  /** The quota of CPU requests, e.g. {@code 256}. */
  public abstract String cpu();

  /** The quota of memory requests, e.g. {@code 2Ti}. */
  public abstract String memory();

  /** The CPU request of a container that gives none. */
  @Value.Default
  public String defaultCpuRequest() {
    return "500m";
  }

  /** The memory request of a container that gives none. */
  @Value.Default
  public String defaultMemoryRequest() {
    return "1Gi";
  }

  /** The memory limit of a container that gives none. */
  @Value.Default
  public String defaultMemoryLimit() {
    return "4Gi";
  }

  /** The ServiceAccount for the team's workloads. */
  @Value.Default
  public String serviceAccount() {
    return "workload";
  }

  /** Further labels of the namespace. */
  public abstract Map<String, String> namespaceLabels();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(
        toNamespace(),
        toServiceAccount(),
        toRole(),
        toRoleBinding(),
        toResourceQuota(),
        toLimitRange());
  }

  Namespace toNamespace() {
    Map<String, String> labels = new TreeMap<>(namespaceLabels());
    for (String mode : List.of("enforce", "audit", "warn")) {
      labels.put(POD_SECURITY + mode, "restricted");
    }
    return new NamespaceBuilder()
        .withMetadata(
            new ObjectMetaBuilder()
                .withName(namespace())
                .withLabels(Meta.labels(partOf(), labels))
                .build())
        .build();
  }

  ServiceAccount toServiceAccount() {
    return new ServiceAccountBuilder()
        .withMetadata(Meta.namespaced(serviceAccount(), namespace(), partOf()))
        .withAutomountServiceAccountToken(false)
        .build();
  }

  Role toRole() {
    List<PolicyRule> rules =
        List.of(
            rule("", List.of("events", "pods", "pods/log"), READ),
            rule("", List.of("persistentvolumeclaims"), SUBMIT),
            rule("batch", List.of("jobs"), SUBMIT),
            rule("batch.volcano.sh", List.of("jobs"), SUBMIT),
            rule("kubeflow.org", List.of("tfjobs"), SUBMIT),
            rule("kueue.x-k8s.io", List.of("localqueues", "workloads"), READ),
            rule("scheduling.volcano.sh", List.of("podgroups"), SUBMIT));
    return new RoleBuilder()
        .withMetadata(Meta.namespaced(ROLE, namespace(), partOf()))
        .withRules(rules)
        .build();
  }

  private static PolicyRule rule(String apiGroup, List<String> resources, List<String> verbs) {
    return new PolicyRuleBuilder()
        .withApiGroups(apiGroup)
        .withResources(resources)
        .withVerbs(verbs)
        .build();
  }

  RoleBinding toRoleBinding() {
    List<Subject> subjects = new ArrayList<>();
    memberGroups().stream().sorted().distinct().forEach(g -> subjects.add(subject("Group", g)));
    memberUsers().stream().sorted().distinct().forEach(u -> subjects.add(subject("User", u)));
    return new RoleBindingBuilder()
        .withMetadata(Meta.namespaced(ROLE, namespace(), partOf()))
        .withNewRoleRef()
        .withApiGroup(RBAC_GROUP)
        .withKind("Role")
        .withName(ROLE)
        .endRoleRef()
        .withSubjects(subjects)
        .build();
  }

  private static Subject subject(String kind, String name) {
    return new SubjectBuilder().withApiGroup(RBAC_GROUP).withKind(kind).withName(name).build();
  }

  ResourceQuota toResourceQuota() {
    Map<String, Quantity> hard = new TreeMap<>();
    hard.put("requests.cpu", new Quantity(cpu()));
    hard.put("requests.memory", new Quantity(memory()));
    hard.put(GPU_QUOTA, new Quantity(Integer.toString(gpus())));
    extendedQuotas()
        .forEach(
            (resource, count) ->
                hard.put("requests." + resource, new Quantity(Integer.toString(count))));
    return new ResourceQuotaBuilder()
        .withMetadata(Meta.namespaced(QUOTA, namespace(), partOf()))
        .withNewSpec()
        .withHard(hard)
        .endSpec()
        .build();
  }

  LimitRange toLimitRange() {
    return new LimitRangeBuilder()
        .withMetadata(Meta.namespaced(LIMIT_RANGE, namespace(), partOf()))
        .withNewSpec()
        .addNewLimit()
        .withType("Container")
        .withDefaultRequest(
            new TreeMap<>(
                Map.of(
                    "cpu", new Quantity(defaultCpuRequest()),
                    "memory", new Quantity(defaultMemoryRequest()))))
        .withDefault(new TreeMap<>(Map.of("memory", new Quantity(defaultMemoryLimit()))))
        .endLimit()
        .endSpec()
        .build();
  }

  @Value.Check
  protected void check() {
    String where = "team \"" + name() + "\"";
    Meta.requireLabel(where + " namespace", namespace());
    Meta.requireSubdomain(where + " serviceAccount", serviceAccount());
    InvalidSpecException.require(
        !memberGroups().isEmpty() || !memberUsers().isEmpty(),
        where + " members",
        "no group or user is bound to the team's Role",
        "add the team's group, e.g. addMemberGroup(\"" + name() + "\")");
    for (String member : concat(memberGroups(), memberUsers())) {
      InvalidSpecException.require(
          !member.isBlank(),
          where + " members",
          "a member name is empty",
          "name the group or user");
    }
    InvalidSpecException.require(
        gpus() >= 0, where + " gpus", gpus() + " is negative", "give the GPU quota, 0 or more");
    extendedQuotas()
        .forEach(
            (resource, count) -> {
              InvalidSpecException.require(
                  // a limits.<name> key is a quota key given by mistake, though a valid name
                  Labels.isExtendedResourceName(resource) && !resource.startsWith("limits."),
                  where + " extendedQuotas",
                  "\"" + resource + "\" is not an extended resource name",
                  resource.startsWith("requests.") || resource.startsWith("limits.")
                      ? "give the bare resource name, e.g. nvidia.com/mig-1g.10gb; the quota"
                          + " key becomes requests.<name>"
                      : "use a domain-prefixed name outside kubernetes.io, e.g."
                          + " nvidia.com/mig-1g.10gb");
              InvalidSpecException.require(
                  !resource.equals("nvidia.com/gpu"),
                  where + " extendedQuotas",
                  "nvidia.com/gpu is set by gpus(...)",
                  "use gpus(" + count + ")");
              InvalidSpecException.require(
                  count >= 0,
                  where + " extendedQuotas " + resource,
                  count + " is negative",
                  "give a whole number, 0 or more");
            });
    Quantities.requireQuantity(where + " cpu", cpu());
    Quantities.requireQuantity(where + " memory", memory());
    Quantities.requireQuantity(where + " defaultCpuRequest", defaultCpuRequest());
    Quantities.requireQuantity(where + " defaultMemoryRequest", defaultMemoryRequest());
    Quantities.requireQuantity(where + " defaultMemoryLimit", defaultMemoryLimit());
    Meta.requireLabels(where + " namespaceLabels", namespaceLabels());
    InvalidSpecException.require(
        namespaceLabels().keySet().stream().noneMatch(k -> k.startsWith(POD_SECURITY)),
        where + " namespaceLabels",
        "Pod Security labels are set by the team",
        "remove them; team namespaces enforce \"restricted\"");
    Meta.requirePartOf(where, partOf());
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** Starts a team with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /** Throws SCH019's finding on the rendered LimitRange: no default request above its limit. */
  private void requireFacts() {
    LimitRange range = toLimitRange();
    Meta.requireNone(range, "SCH019", TenancyFacts.defaultRequestWithinDefault(range));
  }

  /** Builds {@link Team} values: set the attributes, then {@code build()}, which checks them. */
  public static final class Builder extends ImmutableTeam.Builder {
    /** Builds the team; one the rules would refuse fails with their finding. */
    @Override
    public Team build() {
      Team team = super.build();
      team.requireFacts();
      return team;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    Team buildUnchecked() {
      return super.build();
    }
  }

  @Override
  public String toString() {
    return "Team[" + name() + "]";
  }
}
