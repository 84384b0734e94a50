/**
 * Validity facts of the sharing objects: pure functions over rendered objects that return findings
 * (field path, what is wrong, fix). The rules report them, and the DSL's {@code build()} throws the
 * first of them, so both say the same words.
 */
package io.gpuspec.sharing.facts;
