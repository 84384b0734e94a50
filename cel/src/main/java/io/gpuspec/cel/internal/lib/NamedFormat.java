package io.gpuspec.cel.internal.lib;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A named string format of the Kubernetes CEL {@code format} library ({@code
 * format.dns1123Label()}, {@code format.named("uuid")}...): {@link #validate} returns the problems
 * of a value, none when it is valid.
 */
public final class NamedFormat {

  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern LABEL_1035 = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern NAME_PART =
      Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
  private static final Pattern UUID =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private static final Map<String, Function<String, List<String>>> FORMATS =
      Map.ofEntries(
          Map.entry("dns1123Label", v -> pattern(v, LABEL, 63, "a lowercase RFC 1123 label")),
          Map.entry(
              "dns1123LabelPrefix",
              v -> pattern(prefix(v), LABEL, 63, "a lowercase RFC 1123 label")),
          Map.entry(
              "dns1123Subdomain",
              v -> pattern(v, SUBDOMAIN, 253, "a lowercase RFC 1123 subdomain")),
          Map.entry(
              "dns1123SubdomainPrefix",
              v -> pattern(prefix(v), SUBDOMAIN, 253, "a lowercase RFC 1123 subdomain")),
          Map.entry("dns1035Label", v -> pattern(v, LABEL_1035, 63, "a DNS-1035 label")),
          Map.entry(
              "dns1035LabelPrefix", v -> pattern(prefix(v), LABEL_1035, 63, "a DNS-1035 label")),
          Map.entry("qualifiedName", NamedFormat::qualifiedName),
          Map.entry("labelValue", v -> pattern(v, LABEL_VALUE, 63, "a valid label value")),
          Map.entry(
              "uri", v -> KubeUrl.parse(v).isPresent() ? List.of() : List.of("must be a URI")),
          Map.entry("uuid", v -> UUID.matcher(v).matches() ? List.of() : List.of("must be a UUID")),
          Map.entry("byte", NamedFormat::base64),
          Map.entry("date", v -> parses(() -> LocalDate.parse(v), "must be a date (YYYY-MM-DD)")),
          Map.entry(
              "datetime",
              v -> parses(() -> OffsetDateTime.parse(v), "must be an RFC 3339 date-time")));

  private final String name;

  private NamedFormat(String name) {
    this.name = name;
  }

  /** The format of this name, or empty for a name the library does not have. */
  public static Optional<NamedFormat> named(String name) {
    return FORMATS.containsKey(name) ? Optional.of(new NamedFormat(name)) : Optional.empty();
  }

  /** Every format name. */
  public static List<String> names() {
    return FORMATS.keySet().stream().sorted().toList();
  }

  /** What is wrong with {@code value} for this format; empty when nothing is. */
  public List<String> validate(String value) {
    return java.util.Objects.requireNonNull(FORMATS.get(name)).apply(value);
  }

  private static String prefix(String value) {
    return value.endsWith("-") ? value.substring(0, value.length() - 1) : value;
  }

  private static List<String> pattern(String value, Pattern p, int max, String what) {
    List<String> errors = new ArrayList<>();
    if (value.length() > max) {
      errors.add("must be no more than " + max + " characters");
    }
    if (!p.matcher(value).matches()) {
      errors.add("must be " + what);
    }
    return errors;
  }

  private static List<String> qualifiedName(String value) {
    int slash = value.indexOf('/');
    List<String> errors = new ArrayList<>();
    String name = value;
    if (slash >= 0) {
      errors.addAll(pattern(value.substring(0, slash), SUBDOMAIN, 253, "a DNS subdomain prefix"));
      name = value.substring(slash + 1);
    }
    if (name.isEmpty() || name.length() > 63 || !NAME_PART.matcher(name).matches()) {
      errors.add(
          "name part must consist of alphanumeric characters, '-', '_' or '.', start and end"
              + " with an alphanumeric character, at most 63 characters");
    }
    return errors;
  }

  private static List<String> base64(String value) {
    try {
      Base64.getDecoder().decode(value);
      return List.of();
    } catch (IllegalArgumentException e) {
      return List.of("must be base64 encoded");
    }
  }

  private static List<String> parses(Runnable parse, String message) {
    try {
      parse.run();
      return List.of();
    } catch (DateTimeParseException e) {
      return List.of(message);
    }
  }

  @Override
  public String toString() {
    return "format." + name;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NamedFormat f && f.name.equals(name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }
}
