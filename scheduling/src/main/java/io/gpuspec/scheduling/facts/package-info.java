/**
 * Validity facts of the scheduling objects: pure functions over rendered Kueue and Volcano objects
 * that return findings (field path, what is wrong, fix). The rules report them, and the DSL's
 * {@code build()} throws the first of them, so both say the same words.
 */
package io.gpuspec.scheduling.facts;
