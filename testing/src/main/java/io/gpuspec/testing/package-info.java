/**
 * Test support for gpuspec rules, for every gpuspec module and for teams writing their own rules:
 * {@link io.gpuspec.testing.RuleTester} checks that YAML files produce exactly the findings their
 * {@code # expect:} comments state, {@link io.gpuspec.testing.RuleFileTests} turns a folder of such
 * files into JUnit tests. Used as a test dependency; it fails with {@link AssertionError}.
 */
package io.gpuspec.testing;
