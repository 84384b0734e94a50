package io.gpuspec.core.manifest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.DocumentEndEvent;
import org.snakeyaml.engine.v2.events.DocumentStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ImplicitTuple;
import org.snakeyaml.engine.v2.events.MappingEndEvent;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.events.SequenceEndEvent;
import org.snakeyaml.engine.v2.events.SequenceStartEvent;
import org.snakeyaml.engine.v2.events.StreamEndEvent;
import org.snakeyaml.engine.v2.events.StreamStartEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;

/**
 * The events {@link ManifestEvents} found in one file, packed into arrays: per event its kind, the
 * line, column and index of its start and, for scalars, the value. They are the parser's events for
 * the same text ({@link #toEvents} builds those, for the differential tests); {@link YamlTree}
 * reads them through {@link EventCursor} without an object per event or mark.
 */
final class ScannedEvents implements EventCursor {

  static final byte STREAM_START = 0;
  static final byte STREAM_END = 1;
  static final byte DOCUMENT_START = 2;
  static final byte DOCUMENT_START_EXPLICIT = 3; // "---": its end mark is 3 characters on
  static final byte DOCUMENT_END = 4;
  static final byte MAPPING_START = 5;
  static final byte FLOW_MAPPING_START = 6;
  static final byte SEQUENCE_START = 7;
  static final byte FLOW_SEQUENCE_START = 8;
  static final byte MAPPING_END = 9;
  static final byte SEQUENCE_END = 10;
  static final byte PLAIN = 11;
  static final byte SINGLE_QUOTED = 12;
  static final byte DOUBLE_QUOTED = 13;
  static final byte LITERAL = 14;

  private static final Event.ID[] IDS = {
    Event.ID.StreamStart,
    Event.ID.StreamEnd,
    Event.ID.DocumentStart,
    Event.ID.DocumentStart,
    Event.ID.DocumentEnd,
    Event.ID.MappingStart,
    Event.ID.MappingStart,
    Event.ID.SequenceStart,
    Event.ID.SequenceStart,
    Event.ID.MappingEnd,
    Event.ID.SequenceEnd,
    Event.ID.Scalar,
    Event.ID.Scalar,
    Event.ID.Scalar,
    Event.ID.Scalar
  };

  private static final ScalarStyle[] STYLES = {
    ScalarStyle.PLAIN, ScalarStyle.SINGLE_QUOTED, ScalarStyle.DOUBLE_QUOTED, ScalarStyle.LITERAL
  };

  private static final int[] NO_BUFFER = new int[0];
  private static final ImplicitTuple PLAIN_TUPLE = new ImplicitTuple(true, false);
  private static final ImplicitTuple QUOTED_TUPLE = new ImplicitTuple(false, true);

  private byte[] kinds;
  private int[] lines;
  private int[] columns;
  private int[] indexes;
  private String[] values;
  private int size;
  private int cursor = -1;

  /** Room for about {@code expected} events; the arrays grow when there are more. */
  ScannedEvents(int expected) {
    int capacity = Math.max(16, expected);
    kinds = new byte[capacity];
    lines = new int[capacity];
    columns = new int[capacity];
    indexes = new int[capacity];
    values = new String[capacity];
  }

  /** Appends an event that starts at {@code index} (line and column 0-based); a scalar is empty. */
  void add(byte kind, int line, int column, int index) {
    if (size == kinds.length) {
      int capacity = size * 2;
      kinds = Arrays.copyOf(kinds, capacity);
      lines = Arrays.copyOf(lines, capacity);
      columns = Arrays.copyOf(columns, capacity);
      indexes = Arrays.copyOf(indexes, capacity);
      values = Arrays.copyOf(values, capacity);
    }
    kinds[size] = kind;
    lines[size] = line;
    columns[size] = column;
    indexes[size] = index;
    values[size] = ""; // a scalar appended without a value is empty
    size++;
  }

  /** Appends a scalar of a kind {@link #PLAIN} to {@link #LITERAL}. */
  void addScalar(byte kind, int line, int column, int index, String value) {
    add(kind, line, column, index);
    values[size - 1] = value;
  }

  @Override
  public Event.@Nullable ID next() {
    if (cursor + 1 >= size) {
      cursor = size;
      return null;
    }
    return IDS[kinds[++cursor]];
  }

  @Override
  public int line() {
    return lines[cursor];
  }

  @Override
  public int column() {
    return columns[cursor];
  }

  @Override
  public int index() {
    return indexes[cursor];
  }

  @Override
  public int endIndex() {
    return kinds[cursor] == DOCUMENT_START_EXPLICIT ? indexes[cursor] + 3 : indexes[cursor];
  }

  @Override
  public boolean isMapping() {
    return kinds[cursor] == MAPPING_START || kinds[cursor] == FLOW_MAPPING_START;
  }

  @Override
  public String value() {
    return values[cursor];
  }

  @Override
  public ScalarStyle style() {
    return STYLES[kinds[cursor] - PLAIN];
  }

  @Override
  public @Nullable String tag() {
    return null; // tags are outside the scanner's subset
  }

  @Override
  public @Nullable String anchor() {
    return null; // so are anchors and aliases
  }

  /** The same events as snakeyaml-engine's objects, as its parser gives them. */
  List<Event> toEvents() {
    List<Event> events = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      Optional<Mark> at =
          Optional.of(new Mark("reader", indexes[i], lines[i], columns[i], NO_BUFFER, 0));
      byte kind = kinds[i];
      events.add(
          switch (kind) {
            case STREAM_START -> new StreamStartEvent(at, at);
            case STREAM_END -> new StreamEndEvent(at, at);
            case DOCUMENT_START ->
                new DocumentStartEvent(false, Optional.empty(), Map.of(), at, at);
            case DOCUMENT_START_EXPLICIT ->
                new DocumentStartEvent(
                    true,
                    Optional.empty(),
                    Map.of(),
                    at,
                    Optional.of(
                        new Mark(
                            "reader", indexes[i] + 3, lines[i], columns[i] + 3, NO_BUFFER, 0)));
            case DOCUMENT_END -> new DocumentEndEvent(false, at, at);
            case MAPPING_START, FLOW_MAPPING_START ->
                new MappingStartEvent(
                    Optional.empty(),
                    Optional.empty(),
                    true,
                    kind == MAPPING_START ? FlowStyle.BLOCK : FlowStyle.FLOW,
                    at,
                    at);
            case SEQUENCE_START, FLOW_SEQUENCE_START ->
                new SequenceStartEvent(
                    Optional.empty(),
                    Optional.empty(),
                    true,
                    kind == SEQUENCE_START ? FlowStyle.BLOCK : FlowStyle.FLOW,
                    at,
                    at);
            case MAPPING_END -> new MappingEndEvent(at, at);
            case SEQUENCE_END -> new SequenceEndEvent(at, at);
            default ->
                new ScalarEvent(
                    Optional.empty(),
                    Optional.empty(),
                    kind == PLAIN ? PLAIN_TUPLE : QUOTED_TUPLE,
                    values[i],
                    STYLES[kind - PLAIN],
                    at,
                    at);
          });
    }
    return events;
  }
}
