/**
 * Plain data classes for Volcano's {@code topology.volcano.sh/v1alpha1} {@code HyperNode}: a
 * network performance domain (a switch, a rack) whose members are nodes (tier 1) or HyperNodes of a
 * lower tier. Fields follow the upstream API
 * (https://github.com/volcano-sh/apis/tree/master/pkg/apis/topology/v1alpha1); fields the classes
 * do not name are kept in {@code getAdditionalProperties()}.
 */
package io.gpuspec.scheduling.model.volcano.topology;
