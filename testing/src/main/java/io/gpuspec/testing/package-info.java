/**
 * Test support for gpuspec rules, for every gpuspec module and for teams writing their own rules:
 * {@link io.gpuspec.testing.RuleTester} checks that YAML files produce exactly the findings their
 * {@code # expect:} comments state, {@link io.gpuspec.testing.RuleFileTests} turns a folder of such
 * files into JUnit tests, and {@link io.gpuspec.testing.OneHome} states in jqwik properties that
 * {@code build()} refuses a spec if and only if a rule reports an error on it. Used as a test
 * dependency; it fails with {@link AssertionError}.
 */
package io.gpuspec.testing;
