/**
 * LeaderWorkerSet ({@code leaderworkerset.x-k8s.io/v1}) for multi-node inference: a typed DSL
 * ({@link io.gpuspec.lws.LeaderWorkerSet}) whose leader and workers run on one pool, rendered to
 * the shape the pod-template registry reads.
 */
package io.gpuspec.lws;
