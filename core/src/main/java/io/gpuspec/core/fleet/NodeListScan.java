package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.ListMeta;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.gpuspec.core.manifest.ReadProblem;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads a node list ({@code kubectl get nodes -o yaml}: a {@code v1 List} of Nodes) line by line
 * and groups its nodes as it goes, keeping per node only what grouping needs; memory does not grow
 * with the file. It reads the block YAML kubectl prints and checks every key against the Node
 * model, every scalar against its field's type (YAML 1.1 scalars included) and every mapping for
 * duplicate keys. Anything else — flow collections, anchors, aliases, tags, multi-line flow
 * scalars, odd indentation, a kind other than Node — makes it {@linkplain Unsure unsure} at that
 * line, and the caller reads the file with the full reader instead (or, for a file beyond the full
 * reader's size limit, reports the line).
 */
final class NodeListScan {

  /** What scanning gave. */
  sealed interface Outcome {}

  /** The file's nodes, grouped. */
  record Read(NodeGrouping nodes) implements Outcome {}

  /**
   * The scan stopped at something it does not read or that is wrong.
   *
   * @param nodeList whether the file showed itself to be a node list before that point
   */
  record Unsure(
      boolean nodeList,
      ReadProblem problem,
      ObjectRef object,
      String path,
      int line,
      int column,
      String message,
      String fix)
      implements Outcome {

    /** The finding for a file that only this reader can read. */
    Violation violation(Path file) {
      return new Violation(
          problem.id(),
          Severity.ERROR,
          object,
          path,
          message,
          fix,
          Optional.of(new SourceLocation(file, 0, line, column)));
    }
  }

  /** An open mapping or list. */
  private static final class Frame {
    final @Nullable Frame parent;
    final boolean list;
    final int indent;
    final @Nullable NodeSchema schema; // null for the document root
    final NodeRole role;
    final String segment;
    private final List<String> keys = new ArrayList<>(8);
    private @Nullable Set<String> manyKeys;
    int items;

    /** Adds a key; false when the mapping has it already. */
    boolean addKey(String key) {
      if (manyKeys != null) {
        return manyKeys.add(key);
      }
      if (keys.contains(key)) {
        return false;
      }
      keys.add(key);
      if (keys.size() > 16) {
        manyKeys = new HashSet<>(keys);
      }
      return true;
    }

    Frame(
        @Nullable Frame parent,
        boolean list,
        int indent,
        @Nullable NodeSchema schema,
        NodeRole role,
        String segment) {
      this.parent = parent;
      this.list = list;
      this.indent = indent;
      this.schema = schema;
      this.role = role;
      this.segment = segment;
    }
  }

  /** A key whose value starts on a later line. */
  private record Pending(int indent, @Nullable NodeSchema schema, NodeRole role, String segment) {}

  private static final NodeSchema NODE = NodeSchema.of(Node.class);
  private static final NodeSchema LIST_META = NodeSchema.of(ListMeta.class);

  /** Values beyond which a file within the full reader's size limit is left to that reader. */
  private static final int SMALL_FILE_VALUES = 400_000;

  private final boolean small;
  private final NodeGrouping grouping = new NodeGrouping();
  private final NodeListValues values = new NodeListValues();
  private @Nullable Frame top;
  private @Nullable Pending pending;
  private int blockAbove = -1;
  private int line;
  private long valueCount;
  private boolean started;
  private boolean evidence;
  private @Nullable String rootApiVersion;
  private @Nullable String rootKind;
  private boolean itemsSeen;

  // the node being read
  private @Nullable String apiVersion;
  private @Nullable String kind;
  private @Nullable String name;
  private @Nullable String namespace;
  private boolean metadata;
  private Map<String, String> labels = new LinkedHashMap<>();
  private List<Taint> taints = new ArrayList<>();
  private final Map<String, String> taint = new LinkedHashMap<>();
  private boolean unschedulable;
  private @Nullable Map<String, String> allocatable;

  private NodeListScan(boolean small) {
    this.small = small;
  }

  /**
   * Scans one file. {@code small} says the full reader could read it, so the scan gives up on
   * anything near that reader's limits.
   */
  static Outcome scan(Path file, boolean small) throws IOException {
    NodeListScan scan = new NodeListScan(small);
    try (NodeListLines in = new NodeListLines(file)) {
      return scan.run(in);
    } catch (CharacterCodingException e) {
      scan.line++; // the line that is not UTF-8
      return scan.unsure(
          ReadProblem.YAML001, 1, "the line is not UTF-8", "save the file as UTF-8", "");
    }
  }

  private Outcome run(NodeListLines in) throws IOException {
    String text;
    while ((text = in.next()) != null) {
      line++;
      Outcome stop = line(text);
      if (stop != null) {
        return stop;
      }
    }
    if (pending != null) {
      return nullValue();
    }
    while (top != null) {
      Outcome stop = close();
      if (stop != null) {
        return stop;
      }
    }
    if (!"v1".equals(rootApiVersion)
        || !("List".equals(rootKind) || "NodeList".equals(rootKind))
        || !itemsSeen) {
      return unsure(ReadProblem.YAML006, 1, "the file is not a v1 List with items", FIX_LIST, "");
    }
    return new Read(grouping);
  }

  private static final String FIX_LIST = "give the output of kubectl get nodes -o yaml";

  private @Nullable Outcome line(String text) {
    int length = text.length();
    int at = 0;
    while (at < length && text.charAt(at) == ' ') {
      at++;
    }
    if (at == length) {
      return null;
    }
    if (blockAbove >= 0) {
      if (at > blockAbove) {
        return null;
      }
      blockAbove = -1;
    }
    char c = text.charAt(at);
    if (c == '#') {
      return null;
    }
    if (c == '\t' || (line == 1 && c == '\uFEFF')) {
      return unsure(ReadProblem.YAML001, at + 1, "a tab or byte-order mark", "", "");
    }
    if (at == 0 && (text.startsWith("---") || text.startsWith("...") || c == '%')) {
      if (!started && text.startsWith("---") && NodeListValues.blankOrComment(text, 3)) {
        started = true;
        return null;
      }
      return unsure(ReadProblem.YAML001, 1, "a document marker or directive", "", "");
    }
    started = true;
    if (small && ++valueCount > SMALL_FILE_VALUES) {
      return unsure(ReadProblem.YAML005, 1, "many values", "", "");
    }
    return structure(text, at);
  }

  private @Nullable Outcome structure(String text, int at) {
    boolean dash = NodeListValues.dash(text, at);
    Pending p = pending;
    if (p != null) {
      pending = null;
      if (at > p.indent() || (at == p.indent() && dash)) {
        Outcome wrong = open(p.schema(), p.role(), p.segment(), dash, at);
        if (wrong != null) {
          return wrong;
        }
      } else {
        return nullValue();
      }
    } else if (top == null) {
      if (at != 0 || dash) {
        return unsure(ReadProblem.YAML006, at + 1, "the document is not a mapping", FIX_LIST, "");
      }
      top = new Frame(null, false, 0, null, NodeRole.ROOT, "");
    } else {
      while (top != null && top.indent > at) {
        Outcome stop = close();
        if (stop != null) {
          return stop;
        }
      }
      if (top != null && top.list && top.indent == at && !dash) {
        Outcome stop = close();
        if (stop != null) {
          return stop;
        }
      }
      if (top == null || top.indent != at || top.list != dash) {
        return unsure(ReadProblem.YAML001, at + 1, "indentation it does not read", "", "");
      }
    }
    return dash ? item(text, at) : entry(text, at);
  }

  private @Nullable Outcome open(
      @Nullable NodeSchema schema, NodeRole role, String segment, boolean list, int indent) {
    NodeSchema.Shape shape = schema == null ? NodeSchema.Shape.OBJECT : schema.shape;
    boolean fits =
        shape == NodeSchema.Shape.ANY
            || (list
                ? shape == NodeSchema.Shape.LIST
                : shape == NodeSchema.Shape.OBJECT || shape == NodeSchema.Shape.MAP);
    if (!fits) {
      return wrongType(indent, segment);
    }
    top = new Frame(top, list, indent, schema, role, segment);
    switch (role) {
      case ITEM -> startNode();
      case TAINT -> taint.clear();
      case LABELS -> labels = new LinkedHashMap<>();
      case TAINTS -> taints = new ArrayList<>();
      case ALLOCATABLE -> allocatable = new LinkedHashMap<>();
      case META -> metadata = true;
      case ITEMS -> itemsSeen = true;
      default -> {}
    }
    return null;
  }

  private @Nullable Outcome item(String text, int at) {
    Frame list = top;
    int start = at + 1;
    while (start < text.length() && text.charAt(start) == ' ') {
      start++;
    }
    if (list == null
        || start == text.length()
        || text.charAt(start) == '#'
        || NodeListValues.dash(text, start)) {
      return unsure(ReadProblem.YAML001, at + 1, "a list item it does not read", "", "");
    }
    String segment = "[" + list.items++ + "]";
    NodeSchema element = elementOf(list);
    NodeRole role =
        switch (list.role) {
          case ITEMS -> NodeRole.ITEM;
          case TAINTS -> NodeRole.TAINT;
          default -> NodeRole.OTHER;
        };
    if (NodeListValues.keyEnd(text, start) >= 0) {
      Outcome wrong = open(element, role, segment, false, start);
      return wrong != null ? wrong : entry(text, start);
    }
    if (role != NodeRole.OTHER) {
      return unsure(ReadProblem.YAML007, at + 1, "a list item that is not an object", "", segment);
    }
    return scalar(text, start, element, NodeRole.OTHER, segment, segment, at);
  }

  private @Nullable Outcome entry(String text, int at) {
    Frame map = top;
    int colon = NodeListValues.keyEnd(text, at);
    if (map == null || colon < 0 || !NodeListValues.plainStart(text, at)) {
      return unsure(ReadProblem.YAML001, at + 1, "a line that is not a plain key", "", "");
    }
    String key = text.substring(at, colon);
    if (key.endsWith(" ") || !values.plainIsString(key)) {
      return unsure(ReadProblem.YAML001, at + 1, "a key it does not read", "", "");
    }
    if (!map.addKey(key)) {
      return unsure(
          ReadProblem.YAML002,
          at + 1,
          "the key " + key + " is repeated",
          "keep one of the entries",
          segment(map, key));
    }
    NodeSchema field;
    if (map.schema == null) {
      field =
          switch (key) {
            case "apiVersion", "kind" -> NodeSchema.of(String.class);
            case "items" -> NodeSchema.anyList();
            case "metadata" -> LIST_META;
            default -> null;
          };
    } else {
      field =
          switch (map.schema.shape) {
            case OBJECT -> map.schema.field(key);
            case MAP -> map.schema.element();
            default -> map.schema;
          };
    }
    if (field == null) {
      return unsure(
          ReadProblem.YAML003,
          at + 1,
          "the field " + key + " is not a field of the kind",
          "fix the field's spelling or indentation, or remove it",
          segment(map, key));
    }
    NodeRole role = NodeRole.child(map.role, key);
    String segment = segment(map, key);
    int value = colon + 1;
    while (value < text.length() && text.charAt(value) == ' ') {
      value++;
    }
    if (value == text.length() || text.charAt(value) == '#') {
      pending = new Pending(at, field, role, segment);
      return null;
    }
    return scalar(text, value, field, map.role, key, segment, at);
  }

  /** A scalar, an empty flow collection or a block scalar's header at {@code at}. */
  private @Nullable Outcome scalar(
      String text,
      int at,
      NodeSchema schema,
      NodeRole parent,
      String key,
      String segment,
      int indent) {
    NodeListValues.Value value = values.read(text, at);
    if (value == null) {
      return unsure(ReadProblem.YAML001, at + 1, "a value it does not read", "", "");
    }
    if (!values.fits(value, schema)) {
      if (!value.quoted() && !value.block() && schema.shape == NodeSchema.Shape.STRING) {
        return unsure(
            ReadProblem.YAML008,
            at + 1,
            "YAML 1.1 reads the value of " + key + " as a boolean, number or null, not a string",
            "quote the value",
            segment);
      }
      return wrongType(at, segment);
    }
    if (value.block()) {
      blockAbove = indent;
    }
    if (value.emptyCollection()) {
      NodeRole role = NodeRole.child(parent, key);
      Outcome wrong = open(schema, role, key, "[]".equals(value.text()), indent + 1);
      return wrong != null ? wrong : close();
    }
    return keep(parent, key, value, at);
  }

  private @Nullable Outcome keep(NodeRole parent, String key, NodeListValues.Value value, int at) {
    boolean wanted =
        switch (parent) {
          case ROOT -> key.equals("apiVersion") || key.equals("kind");
          case ITEM -> key.equals("apiVersion") || key.equals("kind");
          case META -> key.equals("name") || key.equals("namespace");
          case SPEC -> key.equals("unschedulable");
          case LABELS, TAINT, ALLOCATABLE -> true;
          default -> false;
        };
    if (!wanted) {
      return null;
    }
    String text = value.text();
    if (text == null) {
      return unsure(ReadProblem.YAML001, at + 1, "an escaped or block value", "", "");
    }
    switch (parent) {
      case ROOT -> {
        if (key.equals("apiVersion")) {
          rootApiVersion = text;
        } else {
          rootKind = text;
        }
        evidence |=
            "v1".equals(rootApiVersion) && ("List".equals(rootKind) || "NodeList".equals(rootKind));
      }
      case ITEM -> {
        if (key.equals("apiVersion")) {
          apiVersion = text;
        } else {
          kind = text;
        }
      }
      case META -> {
        if (key.equals("name")) {
          name = text;
        } else {
          namespace = text;
        }
      }
      case SPEC -> unschedulable = text.equals("true");
      case LABELS -> labels.put(key, text);
      case TAINT -> taint.put(key, text);
      case ALLOCATABLE -> put(allocatable, key, text);
      default -> {}
    }
    return null;
  }

  private static void put(@Nullable Map<String, String> into, String key, String text) {
    if (into != null) {
      into.put(key, text);
    }
  }

  private @Nullable Outcome close() {
    Frame frame = top;
    if (frame == null) {
      return null;
    }
    top = frame.parent;
    if (frame.role == NodeRole.TAINT) {
      taints.add(
          new TaintBuilder()
              .withKey(taint.get("key"))
              .withValue(taint.get("value"))
              .withEffect(taint.get("effect"))
              .withTimeAdded(taint.get("timeAdded"))
              .build());
    } else if (frame.role == NodeRole.ITEM) {
      return finishNode(frame);
    }
    return null;
  }

  private void startNode() {
    apiVersion = null;
    kind = null;
    name = null;
    namespace = null;
    metadata = false;
    labels = new LinkedHashMap<>();
    taints = new ArrayList<>();
    unschedulable = false;
    allocatable = null;
  }

  private @Nullable Outcome finishNode(Frame frame) {
    if (!"v1".equals(apiVersion) || !"Node".equals(kind)) {
      return unsure(
          ReadProblem.YAML006,
          frame.indent + 1,
          "the list item is not a v1 Node",
          "list only Nodes in a node list",
          "");
    }
    evidence = true;
    // the model's status.allocatable is an empty map when not written, so capacity is never used
    Map<String, BigDecimal> amounts = new TreeMap<>();
    if (allocatable != null) {
      allocatable.forEach((resource, text) -> amounts.put(resource, NodeListValues.amount(text)));
    }
    grouping.add(namespace, name, metadata, labels, taints, unschedulable, amounts);
    return null;
  }

  private static NodeSchema elementOf(Frame list) {
    if (list.role == NodeRole.ITEMS) {
      return NODE;
    }
    NodeSchema schema = list.schema;
    return schema == null || schema.shape != NodeSchema.Shape.LIST
        ? NodeSchema.any()
        : schema.element();
  }

  private static String segment(Frame map, String key) {
    boolean mapKey = map.schema != null && map.schema.shape == NodeSchema.Shape.MAP;
    return mapKey ? "[" + key + "]" : "." + key;
  }

  private Outcome nullValue() {
    return unsure(ReadProblem.YAML001, 1, "a key without a value", "", "");
  }

  private Outcome wrongType(int at, String segment) {
    return unsure(
        ReadProblem.YAML007,
        at + 1,
        "the value " + segment + " does not have the type its field wants",
        "give the value the type the field expects (see the Kubernetes API reference)",
        segment);
  }

  /** Where the scan stopped: the node being read (if any) and the path to the field in it. */
  private Unsure unsure(ReadProblem problem, int column, String what, String fix, String last) {
    StringBuilder path = new StringBuilder();
    String nodeName = "-";
    boolean inNode = false;
    for (Frame f = top; f != null; f = f.parent) {
      if (f.role == NodeRole.ITEM) {
        inNode = true;
        nodeName = name == null ? "-" : name;
      }
      path.insert(0, f.segment);
    }
    if (!last.isEmpty() && !last.startsWith(".") && !last.startsWith("[")) {
      last = "." + last;
    }
    path.append(last);
    String field = path.length() == 0 ? "<root>" : path.substring(path.charAt(0) == '.' ? 1 : 0);
    ObjectRef object =
        inNode ? new ObjectRef("v1", "Node", "", nodeName) : new ObjectRef("", "", "", "");
    String message =
        problem == ReadProblem.YAML001 || problem == ReadProblem.YAML005
            ? what + " (node lists above 8 MiB are read in the block style kubectl prints)"
            : what;
    String fixText =
        fix.isEmpty()
            ? "write the node list in the block style of kubectl get nodes -o yaml, or split it"
                + " into files of at most 8 MiB"
            : fix;
    return new Unsure(evidence, problem, object, field, line, column, message, fixText);
  }
}
