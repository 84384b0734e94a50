package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KubernetesCelTest {

  private final KubernetesCel cel = KubernetesCel.standard();

  private Object eval(String expression, Map<String, ?> vars) throws CelExpressionException {
    return cel.compile(expression, vars.keySet()).evaluate(vars);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // standard macros, strings and optional types
        "self.all(x, x > 0)",
        "self.exists_one(x, x == 2)",
        "'a,b'.split(',') == ['a', 'b']",
        "'Hello'.lowerAscii() == 'hello'",
        "'abc'.indexOf('c') == 2",
        "'x'.matches('^[a-z]$')",
        "'abcd'.matches('bc')",
        "optional.of(1).orValue(2) == 1",
        "{'a': 1}[?'b'].orValue(3) == 3",
        "sets.contains([1, 2, 3], [2])",
        // Kubernetes lists
        "self.isSorted()",
        "self.sum() == 6",
        "self.min() == 1 && self.max() == 3",
        "self.indexOf(2) == 1 && [1, 2, 2].lastIndexOf(2) == 2",
        "[1.5, 2.5].sum() == 4.0",
        "['b', 'a'].isSorted() == false",
        // regex
        "'abc 123 def 456'.find('[0-9]+') == '123'",
        "'abc 123 def 456'.findAll('[0-9]+') == ['123', '456']",
        "'abc 123 def 456'.findAll('[0-9]+', 1) == ['123']",
        // quantity
        "quantity('1Gi').isGreaterThan(quantity('1G'))",
        "quantity('500m').add(quantity('500m')) == quantity('1')",
        "quantity('2').asInteger() == 2 && quantity('1.5').isInteger() == false",
        "quantity('1k').compareTo(quantity('1000')) == 0",
        "quantity('-1').sign() == -1 && quantity('1').sub(1).sign() == 0",
        "isQuantity('1Mi') && !isQuantity('1MB')",
        "quantity('1.5').asApproximateFloat() == 1.5",
        // ip / cidr
        "isIP('10.0.0.1') && !isIP('010.0.0.1') && isIP('fe80::1')",
        "ip('10.0.0.1').family() == 4 && ip('::1').isLoopback()",
        "ip.isCanonical('2001:db8::1') && !ip.isCanonical('2001:DB8::1')",
        "cidr('10.0.0.0/8').containsIP('10.1.2.3') && !cidr('10.0.0.0/8').containsIP(ip('11.0.0.1'))",
        "cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16')",
        "string(cidr('10.1.2.3/8').masked()) == '10.0.0.0/8'",
        "cidr('192.168.0.0/24').prefixLength() == 24 && string(cidr('192.168.0.0/24').ip()) == '192.168.0.0'",
        "ip('169.254.1.1').isLinkLocalUnicast() && ip('8.8.8.8').isGlobalUnicast()",
        "isCIDR('10.0.0.0/33') == false",
        // url
        "url('https://example.com:8080/a%20b?x=1&x=2').getPort() == '8080'",
        "url('https://example.com:8080/a%20b?x=1&x=2').getHostname() == 'example.com'",
        "url('https://example.com:8080/a%20b?x=1&x=2').getEscapedPath() == '/a%20b'",
        "url('https://example.com:8080/a%20b?x=1&x=2').getQuery()['x'] == ['1', '2']",
        "url('https://[::1]:80/').getHostname() == '::1' && url('https://[::1]:80/').getHost() == '[::1]:80'",
        "url('/path').getScheme() == '' && isURL('https://a') && !isURL('a b')",
        // semver
        "semver('1.2.3').isLessThan(semver('1.10.0'))",
        "semver('1.0.0-alpha').isLessThan(semver('1.0.0'))",
        "semver('v1.2', true).minor() == 2 && isSemver('v01.2', true) && !isSemver('v1.2')",
        "semver('2.1.0').major() == 2 && semver('2.1.0').compareTo(semver('2.1.0')) == 0",
        // format
        "format.dns1123Label().validate('abc') == optional.none()",
        "format.dns1123Label().validate('ABC').hasValue()",
        "format.named('uuid').hasValue() && !format.named('nope').hasValue()",
        "format.named('labelValue').value().validate('ok-1') == optional.none()",
        "format.qualifiedName().validate('example.com/name') == optional.none()",
      })
  void libraryFunctions_evaluateAsKubernetesDoes(String expression) throws Exception {
    assertThat(eval(expression, Map.of("self", List.of(1, 2, 3)))).isEqualTo(true);
  }

  @Test
  void compile_syntaxError_namesTheProblem() {
    assertThatThrownBy(() -> cel.compile("self.a ==", Set.of("self")))
        .isInstanceOf(CelExpressionException.class)
        .hasMessageContaining("does not compile");
    assertThat(cel.problems("unknownFn(self)", Set.of("self"))).hasSize(1);
  }

  @Test
  void evaluate_overTheCostLimit_isCancelled() throws Exception {
    CelExpression expensive =
        cel.compile("self.all(a, self.all(b, self.all(c, a + b + c >= 0)))", Set.of("self"));
    List<Integer> items = java.util.stream.IntStream.range(0, 200).boxed().toList();
    assertThatThrownBy(() -> expensive.evaluate(Map.of("self", items)))
        .isInstanceOfSatisfying(
            CelExpressionException.class, e -> assertThat(e.costExceeded()).isTrue());
  }

  @Test
  void compile_sameText_isCached() throws Exception {
    assertThat(cel.compile("self == 1", Set.of("self")))
        .isSameAs(cel.compile("self == 1", Set.of("self")));
  }

  @Test
  void evaluate_missingField_isAnError() throws Exception {
    assertThatThrownBy(() -> eval("self.missing == 1", Map.of("self", Map.of("a", 1))))
        .isInstanceOf(CelExpressionException.class)
        .hasMessageContaining("missing");
  }
}
