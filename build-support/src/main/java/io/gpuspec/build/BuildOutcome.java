package io.gpuspec.build;

import io.gpuspec.core.report.Report;

/**
 * What a goal found: every finding, whether they fail the build, and one line to end it with (the
 * failure message when it fails).
 */
public record BuildOutcome(Report report, boolean failed, String summary) {}
