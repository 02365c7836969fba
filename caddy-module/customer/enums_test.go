package customer

import "testing"

func TestCustomerStatusIsPendingActivation(t *testing.T) {
	tests := []struct {
		status CustomerStatus
		want   bool
	}{
		{PendingKYC, true},
		{PendingActivation, true},
		{"PENDING_RAISIN_ACTIVATION", true}, // named with the provider's name
		{"PENDING_PARTNER_BANK_ACCOUNT_ACTIVATION", true},
		{PendingUnknown, false},
		{"ACTIVE", false},
		{"", false},
		{"PENDING_DOCUMENTS", false},
		{"ACTIVATION", false},
	}
	for _, tt := range tests {
		if got := tt.status.IsPendingActivation(); got != tt.want {
			t.Errorf("%q.IsPendingActivation() = %v, want %v", tt.status, got, tt.want)
		}
	}
}

func TestDataValidityNeedsCheck(t *testing.T) {
	tests := []struct {
		status DataValidityStatus
		want   bool
	}{
		{DataValidityExpired, true},
		{DataValidityRevalidate, true},
		{"VALID", false},
		{"", false},
		{"expired", false}, // the platform's spelling is upper case; anything else is not a known state
	}
	for _, tt := range tests {
		if got := tt.status.NeedsCheck(); got != tt.want {
			t.Errorf("%q.NeedsCheck() = %v, want %v", tt.status, got, tt.want)
		}
	}
}

func TestDepositTypeAccess(t *testing.T) {
	tests := []struct {
		deposit DepositType
		want    ProductAccess
		ok      bool
	}{
		{OvernightAccount, HasOvernightDepositAccount, true},
		{NoticeAccount, HasNoticeDepositAccount, true},
		{TermDeposit, HasFixedDepositAccount, true},
		{FlexDeposit, HasFlexDepositAccount, true},
		{"TERM_DEPOSIT", HasFixedDepositAccount, true},
		{"savings_plan", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := tt.deposit.Access()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q.Access() = %q, %v; want %q, %v", tt.deposit, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPortfolioTemplates(t *testing.T) {
	tests := []struct {
		template PortfolioTemplate
		kind     PortfolioType
		risk     RiskLevel
		scenario Scenario
		known    bool
	}{
		{"DWM30", PortfolioDWM, Risk30, ScenarioConservative, true},
		{"DWM50_NL", PortfolioDWM, Risk50, ScenarioBalanced, true},
		{"DWM70", PortfolioDWM, Risk70, ScenarioModerate, true},
		{"DWM100_NL", PortfolioDWM, Risk100, ScenarioDynamic, true},
		{"DWMMM", PortfolioDWM, RiskMM, "", true},
		{"ROBO50", PortfolioRobo, Risk50, ScenarioBalanced, true},
		{"RURUP100", PortfolioPE, Risk100, ScenarioDynamic, true},
		{"ROBO50_NL", "", "", "", false}, // only the DWM templates have Dutch variants
		{"DWM60", "", "", "", false},
		{"", "", "", "", false},
	}
	for _, tt := range tests {
		kind, ok := tt.template.Type()
		if kind != tt.kind || ok != tt.known {
			t.Errorf("%q.Type() = %q, %v; want %q, %v", tt.template, kind, ok, tt.kind, tt.known)
		}
		risk, ok := tt.template.RiskLevel()
		if risk != tt.risk || ok != tt.known {
			t.Errorf("%q.RiskLevel() = %q, %v; want %q, %v", tt.template, risk, ok, tt.risk, tt.known)
		}
		sc, ok := tt.template.Scenario()
		if sc != tt.scenario || ok != (tt.scenario != "") {
			t.Errorf("%q.Scenario() = %q, %v; want %q", tt.template, sc, ok, tt.scenario)
		}
	}
}

func TestEveryTemplateListedHasAType(t *testing.T) {
	want := map[PortfolioType][]PortfolioTemplate{PortfolioDWM: DWMTemplates, PortfolioRobo: RoboTemplates, PortfolioPE: RurupTemplates}
	for kind, list := range want {
		for _, tmpl := range list {
			if got, ok := tmpl.Type(); !ok || got != kind {
				t.Errorf("%q.Type() = %q, %v; want %q", tmpl, got, ok, kind)
			}
		}
	}
	if len(DWMTemplates) != 10 || len(RoboTemplates) != 4 || len(RurupTemplates) != 4 {
		t.Errorf("template lists: %d DWM, %d ROBO, %d RURUP; spec 3 has 10, 4 and 4", len(DWMTemplates), len(RoboTemplates), len(RurupTemplates))
	}
}
