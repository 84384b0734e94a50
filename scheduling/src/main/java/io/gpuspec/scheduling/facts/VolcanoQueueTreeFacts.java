package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.QueueSpec;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Volcano's queue tree as its queue and job webhooks admit it (<a
 * href="https://volcano.sh/en/docs/queue/">Queue</a>): the {@code volcano.sh/hierarchy} and {@code
 * volcano.sh/hierarchy-weights} annotations of one length with weights above 0, no queue's path
 * inside another's ({@code validateHierarchicalAttributes}); no queue its own {@code parent}
 * ({@code validateHierarchicalQueue}); jobs only in leaf queues, never in {@code root} ({@code
 * validateJobCreate}); and, since Volcano 1.14, a child's capability within its nearest ancestor's
 * that states the resource, and the children's guarantees and deserved shares summed within the
 * parent's ({@code validateHierarchicalQueueResources}). Relations are judged between the queues of
 * the set: a parent outside it is cluster state and says nothing. Every finding is a rejection.
 */
public final class VolcanoQueueTreeFacts {

  /** A queue's path in the annotation-based hierarchy, e.g. {@code root/eng/prod}. */
  public static final String HIERARCHY = "volcano.sh/hierarchy";

  /** The weights along {@link #HIERARCHY}, e.g. {@code 1/2/8}. */
  public static final String WEIGHTS = "volcano.sh/hierarchy-weights";

  /** The queue Volcano creates as the top of the tree; it takes no jobs. */
  public static final String ROOT = "root";

  /** What Go's {@code strconv.ParseFloat} reads (decimal, hexadecimal, inf and nan). */
  private static final Pattern GO_FLOAT =
      Pattern.compile(
          "[+-]?(([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?"
              + "|0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)[pP][+-]?[0-9]+"
              + "|(?i:inf|infinity|nan))");

  private VolcanoQueueTreeFacts() {}

  /** VQ7 and the self-parent check on one queue. */
  public static List<Finding> attributes(Queue queue) {
    List<Finding> findings = new ArrayList<>();
    Map<String, String> annotations = Subject.annotations(queue.getMetadata());
    String hierarchy = annotations.getOrDefault(HIERARCHY, "");
    String weights = annotations.getOrDefault(WEIGHTS, "");
    if (!hierarchy.isEmpty() || !weights.isEmpty()) {
      String[] paths = hierarchy.split("/", -1);
      String[] parts = weights.split("/", -1);
      if (paths.length != parts.length) {
        findings.add(
            Finding.rejection(
                "metadata.annotations[" + HIERARCHY + "]",
                HIERARCHY
                    + " has "
                    + paths.length
                    + " levels but "
                    + WEIGHTS
                    + " has "
                    + parts.length
                    + "; Volcano rejects the queue",
                "give one weight per level, e.g. root/eng/prod with 1/2/8"));
      } else {
        for (String part : parts) {
          if (!positive(part)) {
            findings.add(
                Finding.rejection(
                    "metadata.annotations[" + WEIGHTS + "]",
                    "weight \"" + part + "\" is not a number above 0; Volcano rejects the queue",
                    "give each level a weight above 0, e.g. 1/2/8"));
            break;
          }
        }
      }
    }
    String parent = queue.getSpec() == null ? null : queue.getSpec().getParent();
    String name = Subject.name(queue);
    if (parent != null && !parent.equals(ROOT) && parent.equals(name)) {
      findings.add(
          Finding.rejection(
              "spec.parent",
              "the queue names itself as its parent; Volcano rejects it",
              "name the parent queue, or root"));
    }
    return findings;
  }

  private static boolean positive(String weight) {
    if (!GO_FLOAT.matcher(weight).matches()) {
      return false;
    }
    String plain = weight.replaceFirst("^[+-]", "").toLowerCase(Locale.ROOT);
    if (plain.startsWith("inf") || plain.equals("nan")) {
      return !weight.startsWith("-") || plain.equals("nan"); // NaN <= 0 is false in Go
    }
    return Double.parseDouble(weight) > 0;
  }

  /**
   * VQ8: no other queue's hierarchy path extends this queue's (paths as Volcano's mutating webhook
   * writes them, with {@code root/} in front).
   */
  public static List<Finding> pathNotInner(Queue queue, List<Queue> queues) {
    Optional<String> path = path(queue);
    if (path.isEmpty()) {
      return List.of();
    }
    for (Queue other : queues) {
      Optional<String> deeper = path(other);
      if (!Subject.name(other).equals(Subject.name(queue))
          && deeper.isPresent()
          && deeper.get().startsWith(path.get() + "/")) {
        return List.of(
            Finding.rejection(
                "metadata.annotations[" + HIERARCHY + "]",
                "Queue \""
                    + Subject.name(other)
                    + "\" has the deeper path "
                    + deeper.get()
                    + "; Volcano rejects a queue on the path of another (only leaves are queues)",
                "give the queue a leaf path of its own, or remove the deeper queue"));
      }
    }
    return List.of();
  }

  private static Optional<String> path(Queue queue) {
    Map<String, String> annotations = Subject.annotations(queue.getMetadata());
    String hierarchy = annotations.getOrDefault(HIERARCHY, "");
    String weights = annotations.getOrDefault(WEIGHTS, "");
    if (hierarchy.isEmpty()) {
      return Optional.empty();
    }
    boolean mutated = !weights.isEmpty() && !hierarchy.startsWith(ROOT);
    return Optional.of(mutated ? ROOT + "/" + hierarchy : hierarchy);
  }

  /** VJ11: a Volcano Job's queue is not {@code root} and has no child queue in the set. */
  public static List<Finding> leafQueue(Job job, List<Queue> queues) {
    String queue = job.getSpec() == null ? null : job.getSpec().getQueue();
    if (queue == null || queue.isEmpty()) {
      queue = "default";
    }
    if (queue.equals(ROOT)) {
      return List.of(
          Finding.rejection(
              "spec.queue",
              "Volcano rejects a job in the root queue",
              "submit the job to a leaf queue, e.g. default"));
    }
    List<String> children = new ArrayList<>();
    for (Queue child : queues) {
      if (child.getSpec() != null && queue.equals(child.getSpec().getParent())) {
        children.add(Subject.name(child));
      }
    }
    if (children.isEmpty()) {
      return List.of();
    }
    return List.of(
        Finding.rejection(
            "spec.queue",
            "Queue \""
                + queue
                + "\" has child queues "
                + children
                + "; Volcano takes jobs only in leaf queues",
            "submit the job to one of " + children));
  }

  /**
   * VQ11 on one queue: its capability within its nearest ancestor's in the set that states the
   * resource, and the guarantees and deserved shares of its parent's children in the set, summed,
   * within the parent's own.
   */
  public static List<Finding> withinParent(Queue queue, List<Queue> queues) {
    Map<String, Queue> byName = new HashMap<>();
    queues.forEach(q -> byName.putIfAbsent(Subject.name(q), q));
    QueueSpec spec = queue.getSpec();
    String parent = spec == null ? null : spec.getParent();
    if (parent == null || parent.isEmpty() || parent.equals(ROOT) || !byName.containsKey(parent)) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    capability(findings, queue, byName);
    Queue parentQueue = byName.get(parent);
    List<Queue> siblings = new ArrayList<>();
    for (Queue other : queues) {
      if (other.getSpec() != null && parent.equals(other.getSpec().getParent())) {
        siblings.add(other);
      }
    }
    sum(findings, "guarantee", "spec.guarantee.resource", parentQueue, siblings, queue);
    sum(findings, "deserved", "spec.deserved", parentQueue, siblings, queue);
    return findings;
  }

  private static void capability(List<Finding> findings, Queue queue, Map<String, Queue> byName) {
    new TreeMap<>(
            queue.getSpec().getCapability() == null
                ? Map.<String, Quantity>of()
                : queue.getSpec().getCapability())
        .forEach(
            (resource, quantity) -> {
              BigDecimal own = amount(quantity);
              if (!compared(resource) || own.signum() <= 0) {
                return;
              }
              Queue ancestor = byName.get(queue.getSpec().getParent());
              int hops = 0;
              while (ancestor != null && hops++ < byName.size()) {
                BigDecimal limit = amount(capabilityOf(ancestor).get(resource));
                if (limit.signum() > 0) {
                  if (own.compareTo(limit) > 0) {
                    findings.add(
                        Finding.rejection(
                            "spec.capability[" + resource + "]",
                            "capability "
                                + Amounts.format(resource, own)
                                + " of "
                                + resource
                                + " is above the "
                                + Amounts.format(resource, limit)
                                + " of ancestor Queue \""
                                + Subject.name(ancestor)
                                + "\"; Volcano rejects the queue",
                            "lower the capability to at most "
                                + Amounts.format(resource, limit)
                                + ", or raise the ancestor's"));
                  }
                  return;
                }
                String next = ancestor.getSpec() == null ? null : ancestor.getSpec().getParent();
                ancestor = next == null || next.equals(ROOT) ? null : byName.get(next);
              }
            });
  }

  private static Map<String, Quantity> capabilityOf(Queue queue) {
    return queue.getSpec() == null || queue.getSpec().getCapability() == null
        ? Map.of()
        : queue.getSpec().getCapability();
  }

  private static Map<String, Quantity> share(Queue queue, String which) {
    QueueSpec spec = queue.getSpec();
    Map<String, Quantity> amounts =
        spec == null
            ? null
            : which.equals("deserved")
                ? spec.getDeserved()
                : spec.getGuarantee() == null ? null : spec.getGuarantee().getResource();
    return amounts == null ? Map.of() : amounts;
  }

  /**
   * The children's shares summed: when they exceed the parent's in a resource (one the parent does
   * not name counts as 0), Volcano rejects the child created last, so each child that names the
   * resource is reported.
   */
  private static void sum(
      List<Finding> findings,
      String which,
      String path,
      Queue parent,
      List<Queue> siblings,
      Queue queue) {
    Map<String, BigDecimal> totals = new TreeMap<>();
    for (Queue sibling : siblings) {
      share(sibling, which).forEach((r, q) -> totals.merge(r, amount(q), BigDecimal::add));
    }
    Map<String, Quantity> limits = share(parent, which);
    new TreeMap<>(share(queue, which))
        .forEach(
            (resource, quantity) -> {
              BigDecimal own = amount(quantity);
              if (!compared(resource) || own.signum() <= 0) {
                return;
              }
              BigDecimal total = totals.getOrDefault(resource, own);
              BigDecimal limit = amount(limits.get(resource));
              if (total.compareTo(limit) > 0) {
                findings.add(
                    Finding.rejection(
                        path + "[" + resource + "]",
                        "the children of Queue \""
                            + Subject.name(parent)
                            + "\" have "
                            + which
                            + " "
                            + Amounts.format(resource, total)
                            + " of "
                            + resource
                            + " in all, above its "
                            + which
                            + " "
                            + Amounts.format(resource, limit)
                            + "; Volcano rejects the queue",
                        "keep the children's "
                            + which
                            + " within the parent's, or raise the parent's "
                            + which));
              }
            });
  }

  /** The resources Volcano's resource arithmetic keeps: CPU, memory and scalar resources. */
  private static boolean compared(String resource) {
    return resource.equals("cpu")
        || resource.equals("memory")
        || resource.equals("pods")
        || resource.startsWith("hugepages-")
        || resource.contains("/");
  }

  private static BigDecimal amount(@Nullable Quantity quantity) {
    return quantity == null
        ? BigDecimal.ZERO
        : GpuResources.amount(quantity).orElse(BigDecimal.ZERO);
  }
}
