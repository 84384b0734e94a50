package io.gpuspec.core.manifest;

import java.util.Iterator;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.common.Anchor;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;

/**
 * One file's YAML events as {@link YamlTree} reads them, one at a time: the kind of each event and
 * what the tree needs of it (where it starts, a scalar's value, style and tag, an anchor or alias
 * name), without an object per event. {@link ScannedEvents} holds the fast scanner's events; {@link
 * #parsed} walks snakeyaml-engine's, pulling each from the parser only when it is asked for, so a
 * syntax error is thrown where the parser meets it.
 */
interface EventCursor {

  /** Moves to the next event; its kind, or null after the last. */
  Event.@Nullable ID next();

  /** 0-based line of the current event's start (0 when the event has no mark). */
  int line();

  /** 0-based column of the current event's start (0 when the event has no mark). */
  int column();

  /** Code-point index of the current event's start (0 when the event has no mark). */
  int index();

  /** Code-point index of the current event's end; -1 when the event has no mark. */
  int endIndex();

  /** For a collection start: whether it is a mapping. */
  boolean isMapping();

  /** A scalar's value. */
  String value();

  /** A scalar's style. */
  ScalarStyle style();

  /** A scalar's explicit tag, or null. */
  @Nullable String tag();

  /** A scalar's or collection's anchor, or an alias's name; null when there is none. */
  @Nullable String anchor();

  /** The events of snakeyaml-engine's parser, pulled one at a time. */
  static EventCursor parsed(Iterable<Event> events) {
    return new Parsed(events.iterator());
  }

  /** A cursor over parser events. */
  final class Parsed implements EventCursor {
    private final Iterator<Event> events;
    private @Nullable Event current;

    private Parsed(Iterator<Event> events) {
      this.events = events;
    }

    private Event current() {
      Event event = current;
      if (event == null) {
        throw new IllegalStateException("no current event");
      }
      return event;
    }

    @Override
    public Event.@Nullable ID next() {
      if (!events.hasNext()) {
        current = null;
        return null;
      }
      Event event = events.next();
      current = event;
      return event.getEventId();
    }

    @Override
    public int line() {
      Optional<Mark> mark = current().getStartMark();
      return mark.isPresent() ? mark.get().getLine() : 0;
    }

    @Override
    public int column() {
      Optional<Mark> mark = current().getStartMark();
      return mark.isPresent() ? mark.get().getColumn() : 0;
    }

    @Override
    public int index() {
      Optional<Mark> mark = current().getStartMark();
      return mark.isPresent() ? mark.get().getIndex() : 0;
    }

    @Override
    public int endIndex() {
      Optional<Mark> mark = current().getEndMark();
      return mark.isPresent() ? mark.get().getIndex() : -1;
    }

    @Override
    public boolean isMapping() {
      return current() instanceof MappingStartEvent;
    }

    @Override
    public String value() {
      return ((ScalarEvent) current()).getValue();
    }

    @Override
    public ScalarStyle style() {
      return ((ScalarEvent) current()).getScalarStyle();
    }

    @Override
    public @Nullable String tag() {
      return ((ScalarEvent) current()).getTag().orElse(null);
    }

    @Override
    public @Nullable String anchor() {
      Event event = current();
      Optional<Anchor> anchor =
          event instanceof AliasEvent alias
              ? Optional.of(alias.getAlias())
              : event instanceof NodeEvent node ? node.getAnchor() : Optional.empty();
      return anchor.map(Anchor::getValue).orElse(null);
    }
  }
}
