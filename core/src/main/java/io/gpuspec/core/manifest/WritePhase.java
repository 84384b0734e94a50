package io.gpuspec.core.manifest;

/**
 * When an object is applied relative to others: namespaces first, then what workloads refer to
 * (priorities, identities, quotas, configs, queues, gangs, storage), workloads last. Objects of one
 * phase are ordered by kind, namespace and name.
 */
public enum WritePhase {
  NAMESPACE,
  PRIORITY,
  IDENTITY,
  ROLE,
  ROLE_BINDING,
  QUOTA,
  CONFIG,
  DEVICE_CLASS,
  CLAIM,
  FLAVOR,
  COHORT,
  CLUSTER_QUEUE,
  LOCAL_QUEUE,
  POD_GROUP,
  STORAGE,
  SERVICE,
  WORKLOAD
}
