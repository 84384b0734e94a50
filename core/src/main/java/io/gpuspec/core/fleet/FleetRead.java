package io.gpuspec.core.fleet;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;

/**
 * What reading fleet files gave: the fleet when the files held a valid one, and the problems.
 *
 * @param fleet the fleet; empty when a file had errors
 * @param problems the findings on the files, each naming file and line
 */
public record FleetRead(Optional<Fleet> fleet, List<Violation> problems) {}
