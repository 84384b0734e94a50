package io.gpuspec.build;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PlatformSpec;
import io.gpuspec.core.PoolPurpose;
import java.util.List;

/** Spec classes as projects write them, good and bad, for the build tests. */
final class Specs {

  private Specs() {}

  static final NodePool L4 =
      NodePool.named("l4-inference")
          .model(GpuCatalogue.L4)
          .gpusPerNode(2)
          .nodeCount(2)
          .purpose(PoolPurpose.INFERENCE)
          .build();

  static InferenceDeployment chat() {
    return InferenceDeployment.named("chat")
        .namespace("serving")
        .image("nvcr.io/nvidia/tritonserver:24.08-py3")
        .gpus(1)
        .cpu("4")
        .memory("16Gi")
        .onPool(L4)
        .build();
  }

  static Platform serving() {
    return Platform.builder().addPools(L4).add(chat()).build();
  }

  /** One GPU Deployment on one pool: passes every rule. */
  public static final class ServingPlatform implements PlatformSpec {
    @Override
    public Platform platform() {
      return serving();
    }
  }

  /** Adds a PriorityClass above the user limit: K8S005 fails it. */
  public static final class TooHighPriority implements PlatformSpec {
    @Override
    public Platform platform() {
      return Platform.builder()
          .addPools(L4)
          .add(chat())
          .add(
              () ->
                  List.of(
                      new PriorityClassBuilder()
                          .withNewMetadata()
                          .withName("too-high")
                          .endMetadata()
                          .withValue(2_000_000_000)
                          .build()))
          .build();
    }
  }

  /** Throws while building. */
  public static final class Throws implements PlatformSpec {
    @Override
    public Platform platform() {
      return Platform.builder()
          .add(InferenceDeployment.named("Not A Name").image("x").gpus(1).onPool(L4).build())
          .build();
    }
  }

  /** Returns nothing. */
  public static final class ReturnsNull implements PlatformSpec {
    @Override
    public Platform platform() {
      return null;
    }
  }

  /** Has no public no-argument constructor. */
  public static final class NeedsArgument implements PlatformSpec {
    public NeedsArgument(String name) {}

    @Override
    public Platform platform() {
      return serving();
    }
  }

  /** Throws in its constructor. */
  public static final class ConstructorThrows implements PlatformSpec {
    public ConstructorThrows() {
      throw new IllegalStateException("no config");
    }

    @Override
    public Platform platform() {
      return serving();
    }
  }

  /** Fails while its class is initialized. */
  public static final class StaticInitThrows implements PlatformSpec {
    static final int BROKEN = Integer.parseInt("not a number");

    @Override
    public Platform platform() {
      return serving();
    }
  }

  /** Not a spec. */
  public static final class NotASpec {}
}
