/**
 * The fleet check: whether each workload of a manifest set can ever schedule on a fleet's node
 * groups, and why not ({@link io.gpuspec.core.fleet.FleetCheck}, {@link
 * io.gpuspec.core.fleet.FleetReport}), and fleets read from and written as files ({@link
 * io.gpuspec.core.fleet.FleetFiles}). The fleet itself ({@link io.gpuspec.core.Fleet}, {@link
 * io.gpuspec.core.NodeGroup}) is what users write, in {@code io.gpuspec.core}; {@link
 * io.gpuspec.core.check.Gpuspec} is the entry point that runs the check.
 */
package io.gpuspec.core.fleet;
