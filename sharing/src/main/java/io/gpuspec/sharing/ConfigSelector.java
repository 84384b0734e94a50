package io.gpuspec.sharing;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.PoolShape;
import java.util.Optional;

/**
 * A node group of the fleet that selects a named config with a node label ({@code
 * nvidia.com/device-plugin.config} or {@code nvidia.com/mig.config}): what the facts that need the
 * fleet know of it.
 *
 * @param description how messages name it, e.g. {@code pool "a100-mig" (A100-80GB)}
 * @param config the config name its label selects
 * @param model the GPU model of its nodes
 * @param pool its shape when it is a pool (GPUs per node known), else empty
 */
public record ConfigSelector(
    String description, String config, GpuModel model, Optional<PoolShape> pool) {}
