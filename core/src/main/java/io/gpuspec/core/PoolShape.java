package io.gpuspec.core;

/**
 * What a {@link PoolSharing} knows of the pool it shares: its name (for messages), GPU model, GPUs
 * per node and node count ({@link NodePool#shape()}).
 *
 * @param name the pool's name
 * @param model the GPU model of its nodes
 * @param gpusPerNode GPUs on each node
 * @param nodeCount nodes in the pool
 */
public record PoolShape(String name, GpuModel model, int gpusPerNode, int nodeCount) {}
