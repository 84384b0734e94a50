// The cdk8s-plus peer of `bench/speed.sh --generate`: synthesises the objects that OBJECTS.md
// lists (COUNT / 2 training Jobs and COUNT / 2 inference Deployments on an A100 pool, namespaces
// team-0..9), one YAML file per resource, as a cdk8s app's `synth` writes them.
//
//   node app.js OUT_DIR [COUNT]     (COUNT defaults to 2000; run from the installed copy, see
//                                    bench/speed.sh, which installs it with `npm ci`)
//
// The objects match what gpuspec renders for the same specs: resources (requests = limits,
// nvidia.com/gpu included), the pool's required node affinity and GPU toleration, the restricted
// pod and container security contexts, no service account token. cdk8s-plus adds its own
// selector label (cdk8s.io/metadata.addr) and the Kubernetes defaults it writes out. GPU counts
// and the pod's seccomp profile have no cdk8s-plus property, and its memory sizes are written in
// Mi, so the container's resources and the seccomp profile are JSON patches, as cdk8s users write
// them (a quantity in a patch is a Quantity: the generated k8s classes convert after patching).
'use strict';

const { App, ApiObject, Chart, JsonPatch, Size, YamlOutputType } = require('cdk8s');
const kplus = require('cdk8s-plus-32');
const { Quantity } = require('cdk8s-plus-32/lib/imports/k8s');

const POOL_LABEL = 'nvidia.com/gpu.product';
const POOL_PRODUCT = 'NVIDIA-A100-SXM4-80GB';
const TRAIN_IMAGE = 'nvcr.io/nvidia/pytorch:24.08-py3';
const SERVE_IMAGE = 'nvcr.io/nvidia/tritonserver:24.08-py3';

function main(argv) {
  const outdir = argv[2];
  const count = argv[3] === undefined ? 2000 : Number(argv[3]);
  if (!outdir || !Number.isInteger(count) || count < 2 || count % 2 !== 0) {
    process.stderr.write('app.js: usage: node app.js OUT_DIR [COUNT]; COUNT is an even number >= 2\n');
    process.exit(2);
  }
  const app = new App({ outdir, yamlOutputType: YamlOutputType.FILE_PER_RESOURCE });
  const chart = new Chart(app, 'gpu', { disableResourceNameHashes: true });
  for (let i = 0; i < count / 2; i++) {
    const n = String(i).padStart(4, '0');
    const namespace = `team-${i % 10}`;
    trainingJob(chart, `train-${n}`, namespace, 1 + (i % 8));
    inferenceDeployment(chart, `serve-${n}`, namespace);
  }
  app.synth();
}

/** A training Job: GPUS GPUs, 8 CPUs, 64Gi, backoffLimit 2, restarted on failure. */
function trainingJob(scope, name, namespace, gpus) {
  const job = new kplus.Job(scope, name, {
    metadata: { name, namespace, labels: labels(name) },
    backoffLimit: 2,
    restartPolicy: kplus.RestartPolicy.ON_FAILURE,
    ...podProps(),
    containers: [container(TRAIN_IMAGE)],
  });
  place(job, name, { cpu: '8', memory: '64Gi', 'nvidia.com/gpu': String(gpus) });
  const api = ApiObject.of(job);
  api.addJsonPatch(JsonPatch.add('/spec/completions', 1), JsonPatch.add('/spec/parallelism', 1));
  return job;
}

/** An inference Deployment: one replica, 1 GPU, 1 CPU, 4Gi. */
function inferenceDeployment(scope, name, namespace) {
  const deployment = new kplus.Deployment(scope, name, {
    metadata: { name, namespace, labels: labels(name) },
    replicas: 1,
    restartPolicy: kplus.RestartPolicy.ALWAYS,
    ...podProps(),
    containers: [container(SERVE_IMAGE)],
  });
  place(deployment, name, { cpu: '1', memory: '4Gi', 'nvidia.com/gpu': '1' });
  return deployment;
}

function labels(name) {
  return { 'app.kubernetes.io/managed-by': 'gpuspec', 'app.kubernetes.io/name': name };
}

function podProps() {
  return {
    automountServiceAccountToken: false,
    securityContext: { user: 1000, group: 1000, ensureNonRoot: true },
  };
}

function container(image) {
  return {
    name: 'main',
    image,
    securityContext: {
      allowPrivilegeEscalation: false,
      capabilities: { drop: [kplus.Capability.ALL] },
      ensureNonRoot: true,
      readOnlyRootFilesystem: false,
    },
  };
}

/** The pool's node affinity and toleration, the pod labels and the container's resources. */
function place(workload, name, resources) {
  workload.scheduling.attract(
    kplus.Node.labeled(kplus.NodeLabelQuery.in(POOL_LABEL, [POOL_PRODUCT])),
  );
  workload.scheduling.tolerate(
    kplus.Node.tainted(
      kplus.NodeTaintQuery.is('nvidia.com/gpu', 'present', { effect: kplus.TaintEffect.NO_SCHEDULE }),
    ),
  );
  workload.podMetadata.addLabel('app.kubernetes.io/managed-by', 'gpuspec');
  workload.podMetadata.addLabel('app.kubernetes.io/name', name);
  const quantities = {};
  for (const [resource, amount] of Object.entries(resources)) {
    quantities[resource] = Quantity.fromString(amount);
  }
  ApiObject.of(workload).addJsonPatch(
    JsonPatch.replace('/spec/template/spec/containers/0/resources', {
      limits: quantities,
      requests: quantities,
    }),
    JsonPatch.add('/spec/template/spec/securityContext/seccompProfile', { type: 'RuntimeDefault' }),
  );
}

main(process.argv);
