/** The validity facts of LeaderWorkerSets, reported by the LWS rules and thrown by the DSL. */
package io.gpuspec.lws.facts;
