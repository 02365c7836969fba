package check

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/yaml"
)

// manifests holds every object of deploy/kubernetes, decoded strictly: a field the API does
// not know (a typo, a wrong level) fails, as the API server would refuse it.
type manifests struct {
	deployment *appsv1.Deployment
	service    *corev1.Service
	configMap  *corev1.ConfigMap
	hpa        *autoscalingv2.HorizontalPodAutoscaler
	pdb        *policyv1.PodDisruptionBudget
	network    *networkingv1.NetworkPolicy
}

// strict decodes one YAML document into out, refusing unknown fields.
func strict(doc []byte, out any) error {
	js, err := yaml.YAMLToJSON(doc)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	return dec.Decode(out)
}

func loadManifests(t *testing.T) manifests {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "deploy", "kubernetes")
	var kust struct {
		APIVersion string   `json:"apiVersion"`
		Kind       string   `json:"kind"`
		Resources  []string `json:"resources"`
	}
	raw, err := os.ReadFile(filepath.Join(dir, "kustomization.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := strict(raw, &kust); err != nil {
		t.Fatalf("kustomization.yaml: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	var m manifests
	for _, file := range files {
		name := filepath.Base(file)
		if name == "kustomization.yaml" {
			continue
		}
		if !slices.Contains(kust.Resources, name) {
			t.Errorf("%s is not listed in kustomization.yaml: kubectl apply -k would skip it", name)
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range bytes.Split(raw, []byte("\n---")) {
			if len(bytes.TrimSpace(doc)) == 0 {
				continue
			}
			var head struct {
				APIVersion string `json:"apiVersion"`
				Kind       string `json:"kind"`
			}
			if err := yaml.Unmarshal(doc, &head); err != nil {
				t.Fatalf("%s document %d: %v", name, i, err)
			}
			var out any
			switch head.APIVersion + " " + head.Kind {
			case "apps/v1 Deployment":
				m.deployment = new(appsv1.Deployment)
				out = m.deployment
			case "v1 Service":
				m.service = new(corev1.Service)
				out = m.service
			case "v1 ConfigMap":
				m.configMap = new(corev1.ConfigMap)
				out = m.configMap
			case "autoscaling/v2 HorizontalPodAutoscaler":
				m.hpa = new(autoscalingv2.HorizontalPodAutoscaler)
				out = m.hpa
			case "policy/v1 PodDisruptionBudget":
				m.pdb = new(policyv1.PodDisruptionBudget)
				out = m.pdb
			case "networking.k8s.io/v1 NetworkPolicy":
				m.network = new(networkingv1.NetworkPolicy)
				out = m.network
			default:
				t.Fatalf("%s document %d: %s %s is not a kind this check knows; add it here", name, i, head.APIVersion, head.Kind)
			}
			if err := strict(doc, out); err != nil {
				t.Errorf("%s document %d (%s): %v", name, i, head.Kind, err)
			}
		}
	}
	for _, r := range kust.Resources {
		if _, err := os.Stat(filepath.Join(dir, r)); err != nil {
			t.Errorf("kustomization.yaml lists %s: %v", r, err)
		}
	}
	if m.deployment == nil || m.service == nil || m.configMap == nil || m.hpa == nil || m.pdb == nil || m.network == nil {
		t.Fatalf("want a Deployment, Service, ConfigMap, HorizontalPodAutoscaler, PodDisruptionBudget and NetworkPolicy; got %+v", m)
	}
	return m
}

func TestKubernetesManifests(t *testing.T) {
	m := loadManifests(t)
	d := m.deployment
	pod := d.Spec.Template.Spec
	podLabels := labels.Set(d.Spec.Template.Labels)
	sel := labels.SelectorFromSet(d.Spec.Selector.MatchLabels)
	if !sel.Matches(podLabels) {
		t.Errorf("the Deployment's selector %v does not match its pods' labels %v", sel, podLabels)
	}
	if len(pod.Containers) != 1 {
		t.Fatalf("want one container, got %d", len(pod.Containers))
	}
	c := pod.Containers[0]
	ports := map[string]int32{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
	}

	t.Run("probes", func(t *testing.T) {
		for _, tt := range []struct {
			name  string
			probe *corev1.Probe
			path  string
		}{
			{"readiness", c.ReadinessProbe, "/_shell/readyz"},
			{"liveness", c.LivenessProbe, "/_shell/healthz"},
			{"startup", c.StartupProbe, "/_shell/healthz"},
		} {
			if tt.probe == nil || tt.probe.HTTPGet == nil {
				t.Errorf("%s probe: missing or not an HTTP GET", tt.name)
				continue
			}
			if tt.probe.HTTPGet.Path != tt.path {
				t.Errorf("%s probe asks %s; want %s", tt.name, tt.probe.HTTPGet.Path, tt.path)
			}
			if port := tt.probe.HTTPGet.Port.String(); port != "http" && fmt.Sprint(ports["http"]) != port {
				t.Errorf("%s probe's port %s is not the page port (http): probes ask what pages see", tt.name, port)
			}
		}
	})

	t.Run("resources", func(t *testing.T) {
		if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() {
			t.Error("want CPU and memory requests: the HPA's utilization is relative to the CPU request")
		}
		if c.Resources.Limits.Memory().IsZero() {
			t.Error("want a memory limit (GOMEMLIMIT follows it)")
		}
	})

	t.Run("securityContext", func(t *testing.T) {
		ps, cs := pod.SecurityContext, c.SecurityContext
		if ps == nil || ps.RunAsNonRoot == nil || !*ps.RunAsNonRoot {
			t.Error("pod: want runAsNonRoot")
		}
		if cs == nil {
			t.Fatal("container: no securityContext")
		}
		if cs.AllowPrivilegeEscalation == nil || *cs.AllowPrivilegeEscalation {
			t.Error("container: want allowPrivilegeEscalation false")
		}
		if cs.ReadOnlyRootFilesystem == nil || !*cs.ReadOnlyRootFilesystem {
			t.Error("container: want readOnlyRootFilesystem")
		}
		if cs.Capabilities == nil || !slices.Contains(cs.Capabilities.Drop, "ALL") {
			t.Error("container: want capabilities drop ALL")
		}
		// Caddy writes under XDG_DATA_HOME=/data and XDG_CONFIG_HOME=/config (the image's
		// ENV): with a read-only root they must be volumes.
		mounted := map[string]bool{}
		for _, v := range c.VolumeMounts {
			mounted[v.MountPath] = true
		}
		for _, dir := range []string{"/data", "/config", "/etc/shellgate"} {
			if !mounted[dir] {
				t.Errorf("container: nothing mounted at %s", dir)
			}
		}
	})

	t.Run("config and secrets", func(t *testing.T) {
		caddyfile, ok := m.configMap.Data["Caddyfile"]
		if !ok {
			t.Fatal("the ConfigMap has no Caddyfile key")
		}
		usesConfigMap := false
		secrets := map[string]bool{}
		for _, v := range pod.Volumes {
			if v.ConfigMap != nil && v.ConfigMap.Name == m.configMap.Name {
				usesConfigMap = true
			}
			if v.Secret != nil {
				secrets[v.Secret.SecretName] = true
			}
		}
		if !usesConfigMap {
			t.Errorf("no volume of the ConfigMap %s", m.configMap.Name)
		}
		env := map[string]string{}
		for _, e := range c.Env {
			switch {
			case e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil:
				secrets[e.ValueFrom.SecretKeyRef.Name] = true
				env[e.Name] = "a-secret"
			case e.ValueFrom == nil:
				env[e.Name] = e.Value
			}
		}
		if len(secrets) != 1 || !secrets["shellgate"] {
			t.Errorf("secrets referenced: %v; the README documents one Secret, shellgate", secrets)
		}
		for _, placeholder := range []string{"SHELLGATE_IDP_ISSUER", "SHELLGATE_API", "SHELLGATE_UPSTREAM", "SHELLGATE_REDIS_ADDRS", "SHELLGATE_CLIENT_SECRET", "SHELLGATE_REDIS_PASSWORD"} {
			if strings.Contains(caddyfile, placeholder) && env[placeholder] == "" {
				t.Errorf("the Caddyfile reads %s but the container does not set it", placeholder)
			}
		}
		// The Caddyfile as the pod sees it: the secret file where the Secret is mounted,
		// holding a key made as the README says.
		dir := t.TempDir()
		key := make([]byte, 32)
		rand.Read(key)
		if err := os.WriteFile(filepath.Join(dir, "session-keys"), []byte(base64.StdEncoding.EncodeToString(key)+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		var mountPath string
		for _, v := range c.VolumeMounts {
			if strings.HasPrefix(v.MountPath, "/run/secrets/") {
				mountPath = v.MountPath
			}
		}
		if mountPath == "" || !strings.Contains(caddyfile, "{file."+mountPath+"/session-keys}") {
			t.Errorf("session_keys must be read from the mounted Secret (%q)", mountPath)
		}
		validateCaddyfile(t, "the ConfigMap's Caddyfile", strings.ReplaceAll(caddyfile, mountPath, dir), env)

		// compose's demo key, public in the repository, copied into the cluster's Secret:
		// the production config must refuse to start with it.
		demo := t.TempDir()
		if err := os.WriteFile(filepath.Join(demo, "session-keys"), []byte("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := runValidate(t, strings.ReplaceAll(caddyfile, mountPath, demo), env)
		if err == nil || !strings.Contains(out, "all-zero demo key") {
			t.Errorf("the ConfigMap's Caddyfile accepts compose's public demo session key: %v\n%s", err, lastLines(out, 3))
		}
	})

	t.Run("metrics and admin ports", func(t *testing.T) {
		cfg := adaptCaddyfile(t, "the ConfigMap's Caddyfile", m.configMap.Data["Caddyfile"])
		adminPort := ""
		if listen := cfg.adminListen(); listen != "" && !strings.HasPrefix(listen, "unix/") {
			_, adminPort, _ = net.SplitHostPort(strings.TrimPrefix(listen, "tcp/"))
		}
		for _, p := range c.Ports {
			if p.Name == "admin" || fmt.Sprint(p.ContainerPort) == adminPort {
				t.Errorf("container port %s %d is the admin API's; the admin API stays on localhost, never a pod port", p.Name, p.ContainerPort)
			}
		}
		ann := d.Spec.Template.Annotations
		scrape := ann["prometheus.io/port"]
		if ann["prometheus.io/scrape"] != "true" || scrape == "" || scrape != fmt.Sprint(ports["metrics"]) {
			t.Errorf("Prometheus scrapes port %q; want the container port named metrics (%d)", scrape, ports["metrics"])
		}
		if scrape == adminPort {
			t.Errorf("Prometheus scrapes the admin API's port %s; scrape the metrics listener", scrape)
		}
		served := false
		for _, s := range cfg.Apps.HTTP.Servers {
			for _, l := range s.Listen {
				if strings.HasSuffix(l, ":"+scrape) && s.serveMetrics() {
					served = true
				}
			}
		}
		if !served {
			t.Errorf("no server of the ConfigMap's Caddyfile listens on %s with the metrics handler; add one (`http://:9180 { metrics /metrics }`) and point prometheus.io/port at it", scrape)
		}
		if path := ann["prometheus.io/path"]; path != "/metrics" {
			t.Errorf("Prometheus scrapes %q; the metrics handler answers /metrics", path)
		}
		for _, p := range m.service.Spec.Ports {
			target := p.TargetPort.String()
			if target != "http" && target != fmt.Sprint(ports["http"]) {
				t.Errorf("Service port %s targets %s: the Service carries pages only (the http port); metrics are scraped from the pods, the admin API is on localhost", p.Name, target)
			}
		}
	})

	t.Run("network policy", func(t *testing.T) {
		np := m.network.Spec
		if !labels.SelectorFromSet(np.PodSelector.MatchLabels).Matches(podLabels) || len(np.PodSelector.MatchLabels) == 0 {
			t.Errorf("the NetworkPolicy selects %v; the pods are %v", np.PodSelector.MatchLabels, podLabels)
		}
		if !slices.Contains(np.PolicyTypes, networkingv1.PolicyTypeIngress) {
			t.Error("the NetworkPolicy does not restrict ingress")
		}
		// portName resolves a rule's port (a name or a number) to the container port's name.
		portName := func(p networkingv1.NetworkPolicyPort) string {
			if p.Port == nil {
				return "*"
			}
			for name, n := range ports {
				if p.Port.String() == name || p.Port.String() == fmt.Sprint(n) {
					return name
				}
			}
			return p.Port.String()
		}
		httpOpen := false
		for i, rule := range np.Ingress {
			if len(rule.Ports) == 0 {
				t.Errorf("ingress rule %d admits every port; name the ports", i)
			}
			for _, p := range rule.Ports {
				switch name := portName(p); name {
				case "http":
					if len(rule.From) == 0 {
						httpOpen = true
					}
				case "metrics":
					if len(rule.From) == 0 {
						t.Errorf("ingress rule %d admits the metrics port from anywhere; admit the monitoring namespace only", i)
					}
					for _, f := range rule.From {
						if f.IPBlock != nil || f.NamespaceSelector == nil || len(f.NamespaceSelector.MatchLabels)+len(f.NamespaceSelector.MatchExpressions) == 0 {
							t.Errorf("ingress rule %d admits the metrics port from %+v; admit a namespace by its label (the monitoring one)", i, f)
						}
					}
				default:
					t.Errorf("ingress rule %d admits port %s; only http (pages) and metrics are open", i, name)
				}
			}
		}
		if !httpOpen {
			t.Error("the NetworkPolicy does not admit page traffic to the http port from anywhere")
		}
	})

	t.Run("service", func(t *testing.T) {
		if !labels.SelectorFromSet(m.service.Spec.Selector).Matches(podLabels) {
			t.Errorf("the Service selects %v; the pods are %v", m.service.Spec.Selector, podLabels)
		}
		for _, p := range m.service.Spec.Ports {
			if ports[p.TargetPort.String()] == 0 && fmt.Sprint(ports["http"]) != p.TargetPort.String() {
				t.Errorf("Service port %s targets %s, no container port", p.Name, p.TargetPort.String())
			}
		}
	})

	t.Run("autoscaling and disruptions", func(t *testing.T) {
		ref := m.hpa.Spec.ScaleTargetRef
		if ref.Kind != "Deployment" || ref.Name != d.Name || ref.APIVersion != "apps/v1" {
			t.Errorf("the HPA scales %s %s/%s, not the Deployment %s", ref.APIVersion, ref.Kind, ref.Name, d.Name)
		}
		if m.hpa.Spec.MinReplicas == nil || *m.hpa.Spec.MinReplicas < 2 {
			t.Error("the HPA may scale to one replica: a restart would then leave none")
		}
		if m.hpa.Spec.MaxReplicas < *m.hpa.Spec.MinReplicas {
			t.Error("the HPA's maxReplicas is below minReplicas")
		}
		if m.pdb.Spec.Selector == nil || !labels.SelectorFromSet(m.pdb.Spec.Selector.MatchLabels).Matches(podLabels) {
			t.Error("the PodDisruptionBudget does not select the gateway's pods")
		}
		if m.pdb.Spec.MaxUnavailable == nil && m.pdb.Spec.MinAvailable == nil {
			t.Error("the PodDisruptionBudget bounds nothing")
		}
		if d.Spec.Strategy.RollingUpdate == nil || d.Spec.Strategy.RollingUpdate.MaxUnavailable == nil || d.Spec.Strategy.RollingUpdate.MaxUnavailable.IntValue() != 0 {
			t.Error("a rolling update may take a serving pod away before its successor is ready: want maxUnavailable 0")
		}
	})
}
