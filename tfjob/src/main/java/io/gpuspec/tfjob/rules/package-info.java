/**
 * Rules over rendered TFJobs ({@code TFJ001}..{@code TFJ006}), registered through ServiceLoader.
 */
package io.gpuspec.tfjob.rules;
