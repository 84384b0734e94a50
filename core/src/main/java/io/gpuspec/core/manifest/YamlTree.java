package io.gpuspec.core.manifest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.Event;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds one Jackson tree per YAML document straight from the parser's event stream, in a single
 * pass and without recursion, the way Kubernetes decodes YAML: plain scalars resolve by YAML 1.1
 * rules ({@link Yaml11Scalars}: {@code yes} is a boolean, {@code 012} octal, {@code 1_000} an
 * integer), as sigs.k8s.io/yaml does, and merge keys ({@code <<: *base}) fill keys that are not set
 * explicitly.
 *
 * <p>Aliases share the anchored subtree instead of copying it, but count as if expanded: the
 * document depth and the file's node count are checked after alias expansion, before anything is
 * built, so an alias bomb stops at the limit instead of exhausting memory or the stack. Each
 * document remembers the line of every value ({@link FieldPositions}), which plain scalars YAML 1.1
 * reads differently from YAML 1.2, and the problems found while building (duplicate keys, keys that
 * are not scalars, bad merge values).
 */
final class YamlTree {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static final LoadSettings SETTINGS =
      LoadSettings.builder() // the parser only: the tree builder checks keys and aliases
          .setCodePointLimit(ManifestReader.MAX_FILE_BYTES + 16)
          // the scanner copies its window once per buffer fill: a large buffer keeps long lines
          // from costing the square of their length
          .setBufferSize(64 * 1024)
          .setUseMarks(true)
          .build();

  private static final String STR_TAG = "tag:yaml.org,2002:str";

  /** A finished value: its tree, where it is, how many nodes it stands for and how deep it is. */
  private record Value(
      JsonNode json,
      @Nullable FieldPositions located,
      long at, // where it starts ({@link #position})
      @Nullable String text, // as written, for plain scalars that are not strings
      boolean yaml11,
      long nodes,
      int height,
      @Nullable String scalarText, // the scalar's text, for scalars (keys are scalars)
      boolean plain) {}

  /** A mapping or sequence being built. */
  private static final class Frame {
    final JsonNode json;
    final FieldPositions located;
    final long at;
    final @Nullable String anchor;
    final @Nullable String
        step; // this frame's step in its parent's pointer; null inside a merge value
    long nodes = 1;
    int height = 1;
    // mappings only
    @Nullable Value key;
    boolean skipValue;
    @Nullable Map<String, Integer> keyIndex; // built at the first repeated key only
    @Nullable List<Value> merges;
    long mergeAt;

    Frame(JsonNode json, long at, @Nullable String anchor, @Nullable String step) {
      this.json = json;
      this.located = new FieldPositions(json instanceof ObjectNode);
      this.at = at;
      this.anchor = anchor;
      this.step = step;
    }
  }

  private final EventCursor events;
  private final Deque<Frame> stack = new ArrayDeque<>();
  private final Map<String, Value> anchors = new HashMap<>();
  private final Set<String> openAnchors = new HashSet<>();
  private final int maxProblems;
  private List<YamlDocument.Problem> problems = new ArrayList<>();
  private int droppedProblems;
  private @Nullable Value root;
  private long nodes;
  private long documentNodes;
  private int aliases;
  private int documents;
  private long documentAt;
  private int rootStart; // code-point index of the document root's first character
  private int rootEnd; // and of the character after its last
  private final String source; // the file's text, for escape checks

  /**
   * @param events the parser's events for one file
   * @param maxProblems how many problems to record per document at most (the rest are counted away,
   *     the reader caps findings per file anyway)
   * @param source the file's text, to find escapes the parser accepts and kubectl does not
   */
  private YamlTree(EventCursor events, int maxProblems, String source) {
    this.events = events;
    this.maxProblems = maxProblems;
    this.source = source;
  }

  /**
   * The tree builder for one file's text: the events of {@link ManifestEvents} when the text is in
   * its subset, else the parser's, with at most {@value ManifestReader#MAX_FINDINGS_PER_FILE}
   * problems recorded per document.
   */
  static YamlTree parse(String text) {
    ScannedEvents fast = ManifestEvents.scan(text);
    return fast != null
        ? new YamlTree(fast, ManifestReader.MAX_FINDINGS_PER_FILE, text)
        : parseFully(text);
  }

  /** The same with snakeyaml-engine's parser for every text (what {@link #parse} falls back to). */
  static YamlTree parseFully(String text) {
    return new YamlTree(
        EventCursor.parsed(new Parse(SETTINGS).parseString(text)),
        ManifestReader.MAX_FINDINGS_PER_FILE,
        text);
  }

  /** How many documents have started so far (empty ones included). */
  int documentsStarted() {
    return documents;
  }

  /**
   * The next document, or empty at the end of the stream. Throws the parser's exceptions for syntax
   * errors, {@link ReadStop.Invalid} for aliases the parser does not check and {@link
   * ReadStop.LimitExceeded}.
   */
  Optional<YamlDocument> next() {
    for (Event.ID id = events.next(); id != null; id = events.next()) {
      switch (id) {
        case DocumentStart -> startDocument();
        case DocumentEnd -> {
          return Optional.of(endDocument());
        }
        case MappingStart, SequenceStart -> open();
        case MappingEnd, SequenceEnd -> close();
        case Scalar -> scalar();
        case Alias -> alias();
        default -> {
          // stream start and end, comments: nothing to build
        }
      }
    }
    return Optional.empty();
  }

  private void startDocument() {
    documents++;
    documentAt = position();
    if (documents > ManifestReader.MAX_DOCUMENTS) {
      throw new ReadStop.LimitExceeded(
          documentAt, "more than " + ManifestReader.MAX_DOCUMENTS + " documents", "split the file");
    }
    anchors.clear();
    openAnchors.clear();
    stack.clear();
    problems = new ArrayList<>();
    droppedProblems = 0;
    root = null;
    documentNodes = 0;
    rootStart = 0;
    rootEnd = 0;
  }

  private YamlDocument endDocument() {
    Value value = root;
    root = null;
    anchors.clear(); // aliases refer to anchors of their own document only
    List<YamlDocument.Problem> found = problems;
    int dropped = droppedProblems;
    problems = new ArrayList<>();
    droppedProblems = 0;
    int index = documents - 1;
    if (value == null || value.json.isNull()) {
      return new YamlDocument( // empty
          index, documentAt, null, new FieldPositions(false), 0, found, dropped, 0, 0);
    }
    FieldPositions located =
        value.located != null
            ? value.located
            : new FieldPositions(value.json instanceof ObjectNode);
    return new YamlDocument(
        index, value.at, value.json, located, documentNodes, found, dropped, rootStart, rootEnd);
  }

  private void count(long more, long at) {
    nodes += more;
    documentNodes += more;
    if (nodes > ManifestReader.MAX_NODES) {
      throw new ReadStop.LimitExceeded(
          at,
          "the file expands to more than "
              + ManifestReader.MAX_NODES
              + " nodes (values, mappings and lists, after aliases are expanded)",
          "split the file, and write values out instead of repeating them through aliases");
    }
  }

  private void checkDepth(int depth, long at) {
    if (depth > ManifestReader.MAX_DEPTH) {
      throw new ReadStop.LimitExceeded(
          at,
          "nesting deeper than "
              + ManifestReader.MAX_DEPTH
              + " levels (after aliases are expanded)",
          "flatten the document; no Kubernetes object nests that deep");
    }
  }

  private void open() {
    long at = position();
    if (stack.isEmpty()) {
      rootStart = events.index();
    }
    checkDepth(stack.size() + 1, at);
    count(1, at);
    JsonNode json = events.isMapping() ? NODES.objectNode() : NODES.arrayNode();
    String step = childStep();
    String anchor = events.anchor();
    if (anchor != null) {
      openAnchors.add(anchor);
    }
    stack.push(new Frame(json, at, anchor, step));
  }

  /**
   * The pointer step the next value takes in the container on top of the stack; null for the value
   * of a merge key and everything in it, whose keys land in the mapping that holds the merge key.
   */
  private @Nullable String childStep() {
    Frame parent = stack.peek();
    if (parent == null) {
      return "";
    }
    if (parent.json instanceof ArrayNode array) {
      return parent.step == null ? null : Integer.toString(array.size());
    }
    if (parent.key == null || parent.key.scalarText == null) {
      return "";
    }
    return parent.key.plain && parent.key.scalarText.equals("<<") ? null : parent.key.scalarText;
  }

  private void close() {
    Frame frame = stack.pop();
    if (stack.isEmpty()) {
      int end = events.endIndex();
      rootEnd = end < 0 ? rootStart : end;
    }
    if (frame.merges != null) {
      merge(frame, frame.merges);
    }
    frame.keyIndex = null;
    frame.located.trim();
    Value value =
        new Value(
            frame.json,
            frame.located,
            frame.at,
            null,
            false,
            frame.nodes,
            frame.height,
            null,
            false);
    if (frame.anchor != null) {
      openAnchors.remove(frame.anchor);
      anchors.put(frame.anchor, value);
    }
    deliver(value);
  }

  private void scalar() {
    long at = position();
    count(1, at);
    String text = events.value();
    ScalarStyle style = events.style();
    if (style == ScalarStyle.DOUBLE_QUOTED) {
      rejectSurrogateEscape(text);
    }
    boolean plain = style == ScalarStyle.PLAIN;
    String tag = events.tag();
    boolean forcedString = tag != null && (tag.equals(STR_TAG) || tag.equals("!"));
    Value value;
    if (!plain || forcedString) {
      value = new Value(NODES.stringNode(text), null, at, null, false, 1, 0, text, plain);
    } else {
      Yaml11Scalars.Resolved resolved = Yaml11Scalars.resolve(text);
      boolean keepText = !resolved.json().isString() && !resolved.json().isNull();
      value =
          new Value(
              resolved.json(),
              null,
              at,
              keepText ? text : null,
              resolved.yaml11(),
              1,
              0,
              text,
              true);
    }
    String anchor = events.anchor();
    if (anchor != null) {
      anchors.put(anchor, value);
    }
    deliver(value);
  }

  /** Go's YAML decoder rejects surrogate escapes such as {@code \\uD800}, even in pairs. */
  private void rejectSurrogateEscape(String value) {
    if (events.endIndex() < 0) {
      return; // no mark
    }
    SurrogateEscapes.in(source, events.index(), events.line(), value)
        .ifPresent(
            found -> {
              throw new ReadStop.Invalid(
                  Positions.position(found.line(), found.column()),
                  "the escape "
                      + found.escape()
                      + " is half of a UTF-16 surrogate pair, which kubectl's YAML decoder rejects",
                  "write the character itself, or one \\U escape of its code point (e.g."
                      + " \\U0001F600)");
            });
  }

  private void alias() {
    long at = position();
    String name = Objects.requireNonNull(events.anchor(), "an alias names its anchor");
    if (++aliases > ManifestReader.MAX_ALIASES) {
      throw new ReadStop.LimitExceeded(
          at,
          "more than " + ManifestReader.MAX_ALIASES + " aliases",
          "write the values out instead of using anchors and aliases");
    }
    if (openAnchors.contains(name)) {
      throw new ReadStop.Invalid(
          at,
          "the alias *" + Quoted.clip(name) + " refers to a value that contains it",
          "remove the alias; Kubernetes cannot decode a value that contains itself");
    }
    Value anchored = anchors.get(name);
    if (anchored == null) {
      throw new ReadStop.Invalid(
          at,
          "the alias *"
              + Quoted.clip(name)
              + " has no anchor &"
              + Quoted.clip(name)
              + " before it in this document",
          "define the anchor before the alias, or write the value out");
    }
    checkDepth(stack.size() + anchored.height, at);
    count(anchored.nodes, at);
    // the alias stands where it is written; what it repeats keeps the anchor's positions
    deliver(
        new Value(
            anchored.json,
            anchored.located,
            at,
            anchored.text,
            anchored.yaml11,
            anchored.nodes,
            anchored.height,
            anchored.scalarText,
            anchored.plain));
  }

  /** Hands a finished value to its parent, or makes it the document's root. */
  private void deliver(Value value) {
    Frame parent = stack.peek();
    if (parent == null) {
      root = value;
      return;
    }
    parent.nodes += value.nodes;
    parent.height = Math.max(parent.height, value.height + 1);
    if (parent.json instanceof ArrayNode array) {
      array.add(value.json);
      parent.located.append(null, value.at, value.located, value.text, value.yaml11);
      return;
    }
    Value key = parent.key;
    if (key == null && !parent.skipValue) {
      acceptKey(parent, value);
      return;
    }
    parent.key = null;
    if (parent.skipValue || key == null) { // a key without a value skips only with skipValue set
      parent.skipValue = false;
      return;
    }
    if (key.plain && "<<".equals(key.scalarText)) {
      List<Value> merges = parent.merges;
      if (merges == null) {
        merges = new ArrayList<>();
        parent.merges = merges;
        parent.mergeAt = key.at;
      }
      if (isMergeable(value.json)) {
        merges.add(value);
      } else {
        problem(
            ReadProblem.YAML007,
            pointer(parent, null),
            key.at,
            "the merge key << needs a mapping or a list of mappings",
            "merge an anchored mapping (<<: *defaults) or write the keys out");
      }
      return;
    }
    ObjectNode object = (ObjectNode) parent.json;
    String name = Objects.requireNonNull(key.scalarText); // acceptKey keeps scalar keys only
    if (object.has(name)) {
      problem(
          ReadProblem.YAML002,
          pointer(parent, name),
          key.at,
          "the key is repeated; the API server's strict decoding rejects duplicate keys",
          "keep one of the entries");
      Map<String, Integer> keyIndex = parent.keyIndex;
      if (keyIndex == null) {
        keyIndex = new HashMap<>();
        int i = 0;
        for (String existing : object.propertyNames()) {
          keyIndex.put(existing, i++);
        }
        parent.keyIndex = keyIndex;
      }
      object.set(name, value.json); // the last one wins, in the first one's place
      int index = Objects.requireNonNull(keyIndex.get(name)); // every key so far is indexed
      parent.located.set(index, key.at, value.located, value.text, value.yaml11);
      return;
    }
    if (parent.keyIndex != null) {
      parent.keyIndex.put(name, parent.located.size());
    }
    object.set(name, value.json);
    parent.located.append(name, key.at, value.located, value.text, value.yaml11);
  }

  private void acceptKey(Frame parent, Value key) {
    if (key.scalarText == null) {
      problem(
          ReadProblem.YAML001,
          pointer(parent, null),
          key.at,
          "a key is a mapping or a list, which Kubernetes cannot decode",
          "use a string as the key");
      parent.skipValue = true;
      return;
    }
    String text = key.scalarText;
    if (text.length() > ManifestReader.MAX_KEY_CHARS
        && text.codePointCount(0, text.length()) > ManifestReader.MAX_KEY_CHARS) {
      throw new ReadStop.LimitExceeded(
          key.at,
          "a key is longer than " + ManifestReader.MAX_KEY_CHARS + " characters",
          "shorten the key; Kubernetes keys (labels, annotations, data) are at most 317 characters");
    }
    parent.key = key;
  }

  private static boolean isMergeable(JsonNode json) {
    if (json instanceof ObjectNode) {
      return true;
    }
    if (!(json instanceof ArrayNode array)) {
      return false;
    }
    for (JsonNode item : array) {
      if (!(item instanceof ObjectNode)) {
        return false;
      }
    }
    return true;
  }

  /**
   * YAML 1.1 merge keys ({@code <<: *defaults}), which sigs.k8s.io/yaml applies: the merged
   * mapping's entries (or each mapping's of a list, first wins) fill keys not set explicitly.
   */
  private void merge(Frame frame, List<Value> merges) {
    ObjectNode target = (ObjectNode) frame.json;
    for (Value merged : merges) {
      if (merged.json instanceof ObjectNode source) {
        mergeOne(frame, target, source, merged.located);
        frame.height = Math.max(frame.height, merged.height);
      } else {
        ArrayNode list = (ArrayNode) merged.json;
        for (int i = 0; i < list.size(); i++) {
          FieldPositions item = merged.located == null ? null : merged.located.child(i);
          mergeOne(frame, target, (ObjectNode) list.get(i), item);
        }
        frame.height = Math.max(frame.height, merged.height - 1);
      }
    }
  }

  private static void mergeOne(
      Frame frame, ObjectNode target, ObjectNode source, @Nullable FieldPositions where) {
    for (Map.Entry<String, JsonNode> entry : source.properties()) {
      if (!target.has(entry.getKey())) {
        target.set(entry.getKey(), entry.getValue());
        frame.located.copy(entry.getKey(), where, frame.mergeAt);
      }
    }
  }

  private void problem(ReadProblem id, String pointer, long at, String message, String fix) {
    if (problems.size() < maxProblems) {
      problems.add(new YamlDocument.Problem(id, pointer, at, message, fix));
    } else {
      droppedProblems++;
    }
  }

  /** The JSON pointer of the container on top of the stack, plus {@code key} if given. */
  private String pointer(Frame top, @Nullable String key) {
    StringBuilder pointer = new StringBuilder();
    Iterator<Frame> fromRoot = stack.descendingIterator();
    if (fromRoot.hasNext()) {
      fromRoot.next(); // the root has no step
    }
    while (fromRoot.hasNext()) {
      String step = fromRoot.next().step;
      if (step != null) {
        pointer.append('/').append(JsonPointer.escape(step));
      }
    }
    if (key != null) {
      pointer.append('/').append(JsonPointer.escape(key));
    }
    return pointer.toString();
  }

  /** Where the current event starts (line 1, column 1 when it has no mark). */
  private long position() {
    return Positions.position(events.line() + 1, events.column() + 1);
  }
}
