package io.gpuspec.core;

import io.gpuspec.core.k8s.GpuResources;
import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * What the main container of a GPU workload runs and needs. Mixed into the workload values of every
 * module (Deployment, Job, TFJob replicas) so that they share one vocabulary and one renderer.
 */
public interface ContainerAttributes {

  /** The image, e.g. {@code nvcr.io/nvidia/tritonserver:24.08-py3}; required. */
  @Value.Default
  default String image() {
    return "";
  }

  List<String> command();

  List<String> args();

  /** Environment variables, rendered in insertion order. */
  Map<String, String> env();

  /** CPU request and limit, e.g. {@code 4} or {@code 500m}. */
  @Value.Default
  default String cpu() {
    return "1";
  }

  /** Memory request and limit, e.g. {@code 16Gi}. */
  @Value.Default
  default String memory() {
    return "4Gi";
  }

  /** GPUs per pod; 0 for a CPU-only pod. Requests and limits are both set to it. */
  @Value.Default
  default int gpus() {
    return 1;
  }

  /**
   * RDMA devices per pod, of the resource its pool declares ({@link NodePool#rdma()}); 0 for none.
   * Requests and limits are both set to it.
   */
  @Value.Default
  default int rdmaDevices() {
    return 0;
  }

  /** The GPU resource: {@code nvidia.com/gpu}, a shared or MIG resource name. */
  @Value.Default
  default String gpuResource() {
    return GpuResources.NVIDIA_GPU;
  }
}
