package io.gpuspec.core.check;

import io.gpuspec.core.TestGpuspec;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every file under {@code src/test/resources/rules}: its findings are exactly its expectations. */
class CoreRuleFilesTest {

  private static final Path RULES = Path.of("src/test/resources/rules");

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    RuleTester tester = RuleTester.of(TestGpuspec.GPUSPEC);
    return RuleTester.cases(RULES).stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    RULES.relativize(file).toString(), () -> tester.verify(file)));
  }
}
