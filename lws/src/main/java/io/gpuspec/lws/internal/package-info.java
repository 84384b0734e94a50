/** Service providers that plug LeaderWorkerSet rules into core; not API. */
package io.gpuspec.lws.internal;
