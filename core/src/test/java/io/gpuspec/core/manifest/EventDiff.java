package io.gpuspec.core.manifest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;

/**
 * Compares {@link ManifestEvents} with snakeyaml-engine's parser on one text: every event's kind,
 * start mark (line, column, code-point index), scalar value, style, tag and anchor, and the end
 * mark of every block collection's end (the root's is the document's text end).
 */
final class EventDiff {

  private static final LoadSettings SETTINGS =
      LoadSettings.builder()
          .setCodePointLimit(ManifestReader.MAX_FILE_BYTES + 16)
          .setUseMarks(true)
          .build();

  private EventDiff() {}

  /** The full parser's events; null when it throws (then the fast scanner must have declined). */
  static @Nullable List<Event> full(String text) {
    try {
      List<Event> events = new ArrayList<>();
      new Parse(SETTINGS).parseString(text).forEach(events::add);
      return events;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The first difference, or null when the fast scanner declined or agrees with the parser. */
  static @Nullable String difference(String text) {
    List<Event> fast = ManifestEvents.events(text);
    if (fast == null) {
      return null;
    }
    List<Event> full = full(text);
    if (full == null) {
      return "the fast scanner read a text the parser rejects";
    }
    Deque<FlowStyle> open = new ArrayDeque<>();
    for (int i = 0; i < Math.max(fast.size(), full.size()); i++) {
      if (i >= fast.size() || i >= full.size()) {
        return "event " + i + ": one stream ends; fast " + fast.size() + ", full " + full.size();
      }
      Event a = fast.get(i);
      Event b = full.get(i);
      String where = "event " + i + " (" + b + " at " + show(b.getStartMark()) + ")";
      if (a.getEventId() != b.getEventId()) {
        return where + ": fast has " + a;
      }
      if (!show(a.getStartMark()).equals(show(b.getStartMark()))) {
        return where + ": fast starts at " + show(a.getStartMark());
      }
      if (a instanceof ScalarEvent sa && b instanceof ScalarEvent sb) {
        if (!sa.getValue().equals(sb.getValue()) || sa.getScalarStyle() != sb.getScalarStyle()) {
          return where + ": fast has " + sa + " [" + sa.getValue() + "]";
        }
        if (!sa.getTag().equals(sb.getTag())) {
          return where + ": tags differ";
        }
      }
      if (a instanceof NodeEvent na && b instanceof NodeEvent nb) {
        if (!na.getAnchor().equals(nb.getAnchor())) {
          return where + ": anchors differ";
        }
      }
      if (b instanceof CollectionStartEvent cb) {
        CollectionStartEvent ca = (CollectionStartEvent) a;
        if (ca.getFlowStyle() != cb.getFlowStyle() || !ca.getTag().equals(cb.getTag())) {
          return where + ": fast has " + ca;
        }
        open.push(cb.getFlowStyle());
      }
      if (b.getEventId() == Event.ID.MappingEnd || b.getEventId() == Event.ID.SequenceEnd) {
        FlowStyle style = open.pop();
        if (style == FlowStyle.BLOCK && !show(a.getEndMark()).equals(show(b.getEndMark()))) {
          return where
              + ": fast ends at "
              + show(a.getEndMark())
              + ", full at "
              + show(b.getEndMark());
        }
      }
    }
    return null;
  }

  private static String show(Optional<Mark> mark) {
    return mark.map(m -> m.getLine() + ":" + m.getColumn() + "@" + m.getIndex()).orElse("-");
  }
}
