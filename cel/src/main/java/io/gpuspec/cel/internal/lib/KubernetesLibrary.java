package io.gpuspec.cel.internal.lib;

import com.google.re2j.Matcher;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.OptionalType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.TypeParamType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.CelFunctionOverload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Kubernetes CEL libraries that CEL for Java does not have, as function declarations for the
 * checker and bindings for the runtime: lists ({@code isSorted}, {@code sum}, {@code min}, {@code
 * max}, {@code indexOf}, {@code lastIndexOf}), regex ({@code find}, {@code findAll}), {@code
 * quantity}, {@code ip}/{@code cidr}, {@code url}, {@code semver} and {@code format}.
 */
public final class KubernetesLibrary {

  public static final OpaqueType QUANTITY = OpaqueType.create("kubernetes.Quantity");
  public static final OpaqueType IP = OpaqueType.create("net.IP");
  public static final OpaqueType CIDR = OpaqueType.create("net.CIDR");
  public static final OpaqueType URL = OpaqueType.create("kubernetes.URL");
  public static final OpaqueType SEMVER = OpaqueType.create("kubernetes.Semver");
  public static final OpaqueType FORMAT = OpaqueType.create("kubernetes.NamedFormat");

  private static final CelType S = SimpleType.STRING;
  private static final CelType B = SimpleType.BOOL;
  private static final CelType I = SimpleType.INT;
  private static final CelType D = SimpleType.DOUBLE;
  private static final CelType T = TypeParamType.create("T");

  private final Map<String, List<CelOverloadDecl>> declarations = new LinkedHashMap<>();
  private final List<CelFunctionBinding> bindings = new ArrayList<>();

  private KubernetesLibrary() {
    lists();
    regex();
    quantity();
    network();
    url();
    semver();
    format();
  }

  /** A fresh library (it holds no state but its tables). */
  public static KubernetesLibrary create() {
    return new KubernetesLibrary();
  }

  public List<CelFunctionDecl> declarations() {
    return declarations.entrySet().stream()
        .map(e -> CelFunctionDecl.newFunctionDeclaration(e.getKey(), e.getValue()))
        .toList();
  }

  public List<CelFunctionBinding> bindings() {
    return List.copyOf(bindings);
  }

  // ---- lists

  private void lists() {
    ListType listT = ListType.create(T);
    member(
        "isSorted",
        "list_is_sorted",
        B,
        List.of(listT),
        List.class,
        l -> ListFunctions.isSorted(l));
    member("sum", "list_sum", T, List.of(listT), List.class, ListFunctions::sum);
    member("min", "list_min", T, List.of(listT), List.class, l -> ListFunctions.extreme(l, -1));
    member("max", "list_max", T, List.of(listT), List.class, l -> ListFunctions.extreme(l, 1));
    member2(
        "indexOf",
        "list_index_of",
        I,
        listT,
        T,
        List.class,
        Object.class,
        (l, x) -> (long) ListFunctions.indexOf(l, x));
    member2(
        "lastIndexOf",
        "list_last_index_of",
        I,
        listT,
        T,
        List.class,
        Object.class,
        (l, x) -> (long) ListFunctions.lastIndexOf(l, x));
  }

  // ---- regex

  private void regex() {
    member2(
        "find",
        "string_find_string",
        S,
        S,
        S,
        String.class,
        String.class,
        (s, re) -> {
          Matcher m = ListFunctions.compile(re).matcher(s);
          return m.find() ? m.group() : "";
        });
    member2(
        "findAll",
        "string_find_all_string",
        ListType.create(S),
        S,
        S,
        String.class,
        String.class,
        (s, re) -> ListFunctions.findAll(s, re, -1));
    memberN(
        "findAll",
        "string_find_all_string_int",
        ListType.create(S),
        List.of(S, S, I),
        List.of(String.class, String.class, Long.class),
        a -> ListFunctions.findAll((String) a[0], (String) a[1], (Long) a[2]));
  }

  // ---- quantity

  private void quantity() {
    global(
        "quantity",
        "string_to_quantity",
        QUANTITY,
        S,
        String.class,
        s ->
            Quantity.parse(s).orElseThrow(() -> error("quantity: invalid quantity \"" + s + "\"")));
    global(
        "isQuantity", "is_quantity_string", B, S, String.class, s -> Quantity.parse(s).isPresent());
    member(
        "isInteger",
        "quantity_is_integer",
        B,
        List.of(QUANTITY),
        Quantity.class,
        Quantity::isInteger);
    member(
        "asInteger",
        "quantity_as_integer",
        I,
        List.of(QUANTITY),
        Quantity.class,
        q -> q.asInteger().orElseThrow(() -> error("quantity " + q + " is not an int64 integer")));
    member(
        "asApproximateFloat",
        "quantity_as_float",
        D,
        List.of(QUANTITY),
        Quantity.class,
        Quantity::asApproximateFloat);
    member("sign", "quantity_sign", I, List.of(QUANTITY), Quantity.class, Quantity::sign);
    member2(
        "add",
        "quantity_add",
        QUANTITY,
        QUANTITY,
        QUANTITY,
        Quantity.class,
        Quantity.class,
        Quantity::add);
    member2(
        "add",
        "quantity_add_int",
        QUANTITY,
        QUANTITY,
        I,
        Quantity.class,
        Long.class,
        (q, n) -> q.add(Quantity.of(n)));
    member2(
        "sub",
        "quantity_sub",
        QUANTITY,
        QUANTITY,
        QUANTITY,
        Quantity.class,
        Quantity.class,
        Quantity::subtract);
    member2(
        "sub",
        "quantity_sub_int",
        QUANTITY,
        QUANTITY,
        I,
        Quantity.class,
        Long.class,
        (q, n) -> q.subtract(Quantity.of(n)));
    member2(
        "isLessThan",
        "quantity_less",
        B,
        QUANTITY,
        QUANTITY,
        Quantity.class,
        Quantity.class,
        (a, b) -> a.compareTo(b) < 0);
    member2(
        "isGreaterThan",
        "quantity_greater",
        B,
        QUANTITY,
        QUANTITY,
        Quantity.class,
        Quantity.class,
        (a, b) -> a.compareTo(b) > 0);
    member2(
        "compareTo",
        "quantity_compare_to",
        I,
        QUANTITY,
        QUANTITY,
        Quantity.class,
        Quantity.class,
        (a, b) -> (long) Integer.signum(a.compareTo(b)));
  }

  // ---- ip and cidr

  private void network() {
    global(
        "ip",
        "string_to_ip",
        IP,
        S,
        String.class,
        s -> IpAddress.parse(s).orElseThrow(() -> error("IP Address \"" + s + "\" parse error")));
    global("isIP", "is_ip", B, S, String.class, s -> IpAddress.parse(s).isPresent());
    global(
        "ip.isCanonical",
        "ip_is_canonical",
        B,
        S,
        String.class,
        s ->
            IpAddress.parse(s)
                .orElseThrow(() -> error("IP Address \"" + s + "\" parse error"))
                .toString()
                .equals(s));
    member("family", "ip_family", I, List.of(IP), IpAddress.class, IpAddress::family);
    member(
        "isUnspecified",
        "ip_is_unspecified",
        B,
        List.of(IP),
        IpAddress.class,
        IpAddress::isUnspecified);
    member("isLoopback", "ip_is_loopback", B, List.of(IP), IpAddress.class, IpAddress::isLoopback);
    member(
        "isLinkLocalMulticast",
        "ip_is_link_local_multicast",
        B,
        List.of(IP),
        IpAddress.class,
        IpAddress::isLinkLocalMulticast);
    member(
        "isLinkLocalUnicast",
        "ip_is_link_local_unicast",
        B,
        List.of(IP),
        IpAddress.class,
        IpAddress::isLinkLocalUnicast);
    member(
        "isGlobalUnicast",
        "ip_is_global_unicast",
        B,
        List.of(IP),
        IpAddress.class,
        IpAddress::isGlobalUnicast);
    global("string", "ip_to_string", S, IP, IpAddress.class, IpAddress::toString);
    global(
        "cidr",
        "string_to_cidr",
        CIDR,
        S,
        String.class,
        s ->
            Cidr.parse(s)
                .orElseThrow(
                    () ->
                        error(
                            "network address parse error during conversion from string: \""
                                + s
                                + "\"")));
    global("isCIDR", "is_cidr", B, S, String.class, s -> Cidr.parse(s).isPresent());
    member2(
        "containsIP",
        "cidr_contains_ip_ip",
        B,
        CIDR,
        IP,
        Cidr.class,
        IpAddress.class,
        Cidr::contains);
    member2(
        "containsIP",
        "cidr_contains_ip_string",
        B,
        CIDR,
        S,
        Cidr.class,
        String.class,
        (c, s) ->
            c.contains(
                IpAddress.parse(s)
                    .orElseThrow(() -> error("IP Address \"" + s + "\" parse error"))));
    member2(
        "containsCIDR",
        "cidr_contains_cidr",
        B,
        CIDR,
        CIDR,
        Cidr.class,
        Cidr.class,
        Cidr::contains);
    member2(
        "containsCIDR",
        "cidr_contains_cidr_string",
        B,
        CIDR,
        S,
        Cidr.class,
        String.class,
        (c, s) ->
            c.contains(Cidr.parse(s).orElseThrow(() -> error("CIDR \"" + s + "\" parse error"))));
    member("ip", "cidr_ip", IP, List.of(CIDR), Cidr.class, Cidr::ip);
    member("masked", "cidr_masked", CIDR, List.of(CIDR), Cidr.class, Cidr::masked);
    member("prefixLength", "cidr_prefix_length", I, List.of(CIDR), Cidr.class, Cidr::prefixLength);
    global("string", "cidr_to_string", S, CIDR, Cidr.class, Cidr::toString);
  }

  // ---- url

  private void url() {
    global(
        "url",
        "string_to_url",
        URL,
        S,
        String.class,
        s ->
            KubeUrl.parse(s)
                .orElseThrow(() -> error("URL parse error during conversion from string: " + s)));
    global("isURL", "is_url_string", B, S, String.class, s -> KubeUrl.parse(s).isPresent());
    member("getScheme", "url_get_scheme", S, List.of(URL), KubeUrl.class, KubeUrl::scheme);
    member("getHost", "url_get_host", S, List.of(URL), KubeUrl.class, KubeUrl::host);
    member("getHostname", "url_get_hostname", S, List.of(URL), KubeUrl.class, KubeUrl::hostname);
    member("getPort", "url_get_port", S, List.of(URL), KubeUrl.class, KubeUrl::port);
    member(
        "getEscapedPath",
        "url_get_escaped_path",
        S,
        List.of(URL),
        KubeUrl.class,
        KubeUrl::escapedPath);
    member(
        "getQuery",
        "url_get_query",
        MapType.create(S, ListType.create(S)),
        List.of(URL),
        KubeUrl.class,
        KubeUrl::query);
  }

  // ---- semver

  private void semver() {
    global(
        "semver",
        "string_to_semver",
        SEMVER,
        S,
        String.class,
        s ->
            Semver.parse(s, false)
                .orElseThrow(() -> error("semver: invalid version \"" + s + "\"")));
    memberN(
        "semver",
        "string_bool_to_semver",
        SEMVER,
        List.of(S, B),
        List.of(String.class, Boolean.class),
        false,
        a ->
            Semver.parse((String) a[0], (Boolean) a[1])
                .orElseThrow(() -> error("semver: invalid version \"" + a[0] + "\"")));
    global(
        "isSemver",
        "is_semver_string",
        B,
        S,
        String.class,
        s -> Semver.parse(s, false).isPresent());
    memberN(
        "isSemver",
        "is_semver_string_bool",
        B,
        List.of(S, B),
        List.of(String.class, Boolean.class),
        false,
        a -> Semver.parse((String) a[0], (Boolean) a[1]).isPresent());
    member("major", "semver_major", I, List.of(SEMVER), Semver.class, Semver::major);
    member("minor", "semver_minor", I, List.of(SEMVER), Semver.class, Semver::minor);
    member("patch", "semver_patch", I, List.of(SEMVER), Semver.class, Semver::patch);
    member2(
        "isLessThan",
        "semver_less",
        B,
        SEMVER,
        SEMVER,
        Semver.class,
        Semver.class,
        (a, b) -> a.compareTo(b) < 0);
    member2(
        "isGreaterThan",
        "semver_greater",
        B,
        SEMVER,
        SEMVER,
        Semver.class,
        Semver.class,
        (a, b) -> a.compareTo(b) > 0);
    member2(
        "compareTo",
        "semver_compare_to",
        I,
        SEMVER,
        SEMVER,
        Semver.class,
        Semver.class,
        (a, b) -> (long) Integer.signum(a.compareTo(b)));
  }

  // ---- format

  // CEL wants immutable overloads: the bodies are static, stateless functions and NamedFormat holds
  // only a final String, which Error Prone cannot see through the generic helpers.
  @SuppressWarnings("Immutable")
  private void format() {
    for (String name : NamedFormat.names()) {
      NamedFormat f = NamedFormat.named(name).orElseThrow();
      declare("format." + name, CelOverloadDecl.newGlobalOverload("format_" + name, FORMAT));
      bindings.add(CelFunctionBinding.from("format_" + name, List.of(), args -> f));
    }
    global(
        "format.named",
        "format_named",
        OptionalType.create(FORMAT),
        S,
        String.class,
        s -> NamedFormat.named(s).<Object>map(f -> f));
    member2(
        "validate",
        "format_validate",
        OptionalType.create(ListType.create(S)),
        FORMAT,
        S,
        NamedFormat.class,
        String.class,
        (f, s) -> {
          List<String> errors = f.validate(s);
          return errors.isEmpty() ? Optional.empty() : Optional.of(errors);
        });
  }

  // ---- helpers

  /** A function of one argument that may fail with a CEL error. */
  private interface Fn1<A> {
    Object apply(A a) throws CelEvaluationException;
  }

  /** A function of two arguments that may fail with a CEL error. */
  private interface Fn2<A, B> {
    Object apply(A a, B b) throws CelEvaluationException;
  }

  private void declare(String function, CelOverloadDecl overload) {
    declarations.computeIfAbsent(function, f -> new ArrayList<>()).add(overload);
  }

  // CEL wants immutable overloads: the bodies are static, stateless functions and NamedFormat holds
  // only a final String, which Error Prone cannot see through the generic helpers.
  @SuppressWarnings("Immutable")
  private <A> void global(
      String fn, String id, CelType result, CelType arg, Class<A> type, Fn1<A> body) {
    declare(fn, CelOverloadDecl.newGlobalOverload(id, result, arg));
    bindings.add(CelFunctionBinding.from(id, type, (CelFunctionOverload.Unary<A>) body::apply));
  }

  // CEL wants immutable overloads: the bodies are static, stateless functions and NamedFormat holds
  // only a final String, which Error Prone cannot see through the generic helpers.
  @SuppressWarnings("Immutable")
  private <A> void member(
      String fn, String id, CelType result, List<CelType> args, Class<A> type, Fn1<A> body) {
    declare(fn, CelOverloadDecl.newMemberOverload(id, result, args));
    bindings.add(CelFunctionBinding.from(id, type, (CelFunctionOverload.Unary<A>) body::apply));
  }

  // CEL wants immutable overloads: the bodies are static, stateless functions and NamedFormat holds
  // only a final String, which Error Prone cannot see through the generic helpers.
  @SuppressWarnings("Immutable")
  private <A, C> void member2(
      String fn,
      String id,
      CelType result,
      CelType a,
      CelType b,
      Class<A> ta,
      Class<C> tb,
      Fn2<A, C> body) {
    declare(fn, CelOverloadDecl.newMemberOverload(id, result, a, b));
    bindings.add(
        CelFunctionBinding.from(id, ta, tb, (CelFunctionOverload.Binary<A, C>) body::apply));
  }

  private void memberN(
      String fn,
      String id,
      CelType result,
      List<CelType> args,
      List<Class<?>> types,
      CelFunctionOverload body) {
    memberN(fn, id, result, args, types, true, body);
  }

  private void memberN(
      String fn,
      String id,
      CelType result,
      List<CelType> args,
      List<Class<?>> types,
      boolean isMember,
      CelFunctionOverload body) {
    declare(
        fn,
        isMember
            ? CelOverloadDecl.newMemberOverload(id, result, args)
            : CelOverloadDecl.newGlobalOverload(id, result, args));
    bindings.add(CelFunctionBinding.from(id, types, body));
  }

  static CelEvaluationException error(String message) {
    return CelEvaluationExceptionBuilder.newBuilder("%s", message).build();
  }
}
