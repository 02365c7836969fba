package customer

import "strings"

// The platform's enumerations that the edge uses (spec sections 3, 4 and 8). Values are the
// platform's own spellings: they are compared with what the APIs send.

// AccountState is a transaction account's state (spec 4).
type AccountState string

// Transaction account states.
const (
	AccountInitiated         AccountState = "INITIATED"
	AccountRequested         AccountState = "REQUESTED"
	AccountActive            AccountState = "ACTIVE"
	AccountClosingInProgress AccountState = "CLOSING_IN_PROGRESS"
	AccountClosed            AccountState = "CLOSED"
	AccountSuspended         AccountState = "SUSPENDED"
)

// AccountStates lists every transaction account state in the spec's order.
var AccountStates = []AccountState{AccountInitiated, AccountRequested, AccountActive,
	AccountClosingInProgress, AccountClosed, AccountSuspended}

// chosenAccountStates are the states that make an account the one the header uses (spec 4,
// account choice): the first account in one of them wins, otherwise the first account.
var chosenAccountStates = map[AccountState]bool{
	AccountActive: true, AccountSuspended: true, AccountClosed: true, AccountClosingInProgress: true,
}

// restrictedAccountStates switch the account menu to its reduced set (Messages, Documents,
// Login and security). The spec does not say when the restricted mode applies; an account
// that can no longer move money is the reading this package takes.
var restrictedAccountStates = map[AccountState]bool{
	AccountSuspended: true, AccountClosed: true, AccountClosingInProgress: true,
}

// ProductInstanceState is a product instance's state (spec 4).
type ProductInstanceState string

// Product instance states.
const (
	InstanceCreated         ProductInstanceState = "CREATED"
	InstanceOrdered         ProductInstanceState = "ORDERED"
	InstanceActive          ProductInstanceState = "ACTIVE"
	InstanceClosingPending  ProductInstanceState = "CLOSING_PENDING"
	InstanceClosed          ProductInstanceState = "CLOSED"
	InstanceRejected        ProductInstanceState = "REJECTED"
	InstanceRequested       ProductInstanceState = "REQUESTED"
	InstanceIssueIdentified ProductInstanceState = "ISSUE_IDENTIFIED"
)

// ProductCategory is a product instance's category (spec 3).
type ProductCategory string

// Product categories.
const (
	CategoryLiquid   ProductCategory = "LIQUID"
	CategoryIlliquid ProductCategory = "ILLIQUID"
)

// CustomerStatus is the customer's status; the edge only cares about the pending ones.
type CustomerStatus string

// Pending customer states (spec 4). The platform names its pending-account-activation state
// after the partner provider (PENDING_{PROVIDER}_ACTIVATION); PendingActivation is the generic
// spelling, and IsPendingActivation accepts every provider's.
const (
	PendingKYC        CustomerStatus = "PENDING_KYC"
	PendingActivation CustomerStatus = "PENDING_ACCOUNT_ACTIVATION"
	PendingUnknown    CustomerStatus = "UNKNOWN"
)

// IsPendingActivation tells whether the customer is not yet activated: still in KYC, or
// waiting for the provider's account activation. Such customers see a total of zero and their
// current balance as available (spec 4).
func (s CustomerStatus) IsPendingActivation() bool {
	if s == PendingKYC {
		return true
	}
	v := string(s)
	return strings.HasPrefix(v, "PENDING_") && strings.HasSuffix(v, "ACTIVATION")
}

// CustomerType is individual or company (spec 3).
type CustomerType string

// Customer types.
const (
	CustomerIndividual CustomerType = "individual"
	CustomerCompany    CustomerType = "company"
)

// DataValidityStatus is the status of the customer data validity check (CDVC, spec 4).
type DataValidityStatus string

// Data validity states the edge acts on; the platform sends others (e.g. VALID) that it ignores.
const (
	DataValidityExpired    DataValidityStatus = "EXPIRED"
	DataValidityRevalidate DataValidityStatus = "REVALIDATE"
)

// NeedsCheck tells whether the customer must pass the CDVC page (redirect rule 3).
func (s DataValidityStatus) NeedsCheck() bool {
	return s == DataValidityExpired || s == DataValidityRevalidate
}

// ProductAccess is a product access value of the shell state's access list (spec 3, 6).
type ProductAccess string

// Product access values.
const (
	HasOvernightDepositAccount ProductAccess = "HAS_OVERNIGHT_DEPOSIT_ACCOUNT"
	HasNoticeDepositAccount    ProductAccess = "HAS_NOTICE_DEPOSIT_ACCOUNT"
	HasFixedDepositAccount     ProductAccess = "HAS_FIXED_DEPOSIT_ACCOUNT"
	HasFlexDepositAccount      ProductAccess = "HAS_FLEX_DEPOSIT_ACCOUNT"
)

// DepositType is a deposit type the deposit types call answers (spec 3, deposit access).
type DepositType string

// Deposit types. FlexDeposit is this package's name for the type behind HAS_FLEX_DEPOSIT_ACCOUNT,
// which the spec lists without naming its deposit type.
const (
	OvernightAccount DepositType = "overnight_account"
	NoticeAccount    DepositType = "notice_account"
	TermDeposit      DepositType = "term_deposit"
	FlexDeposit      DepositType = "flex_deposit"
)

var depositAccess = map[DepositType]ProductAccess{
	OvernightAccount: HasOvernightDepositAccount,
	NoticeAccount:    HasNoticeDepositAccount,
	TermDeposit:      HasFixedDepositAccount,
	FlexDeposit:      HasFlexDepositAccount,
}

// Access maps a deposit type to its product access value; false for a type the edge does not know.
func (d DepositType) Access() (ProductAccess, bool) {
	a, ok := depositAccess[DepositType(strings.ToLower(string(d)))]
	return a, ok
}

// PortfolioType is the kind of a portfolio template (spec 3).
type PortfolioType string

// Portfolio types: robo ETF, wealth management (managed portfolio) and pension.
const (
	PortfolioRobo PortfolioType = "ROBO"
	PortfolioDWM  PortfolioType = "DWM"
	PortfolioPE   PortfolioType = "PE"
)

// Scenario is a portfolio template's risk scenario (spec 3).
type Scenario string

// Scenarios, from the lowest risk level to the highest.
const (
	ScenarioConservative Scenario = "CONSERVATIVE"
	ScenarioBalanced     Scenario = "BALANCED"
	ScenarioModerate     Scenario = "MODERATE"
	ScenarioDynamic      Scenario = "DYNAMIC"
)

// RiskLevel is a portfolio template's risk-level code (spec 3).
type RiskLevel string

// Risk-level codes.
const (
	RiskMM  RiskLevel = "MM"
	Risk30  RiskLevel = "30"
	Risk50  RiskLevel = "50"
	Risk70  RiskLevel = "70"
	Risk100 RiskLevel = "100"
)

// scenarioOf maps the risk levels to scenarios in the spec's order; the money-market level has
// no scenario.
var scenarioOf = map[RiskLevel]Scenario{
	Risk30: ScenarioConservative, Risk50: ScenarioBalanced, Risk70: ScenarioModerate, Risk100: ScenarioDynamic,
}

// PortfolioTemplate is a portfolio template id such as DWM70, DWM70_NL, ROBO50 or RURUP100.
type PortfolioTemplate string

// Portfolio templates of spec 3.
var (
	DWMTemplates = []PortfolioTemplate{"DWM100", "DWM70", "DWM50", "DWM30", "DWMMM",
		"DWM100_NL", "DWM70_NL", "DWM50_NL", "DWM30_NL", "DWMMM_NL"}
	RoboTemplates  = []PortfolioTemplate{"ROBO30", "ROBO50", "ROBO70", "ROBO100"}
	RurupTemplates = []PortfolioTemplate{"RURUP30", "RURUP50", "RURUP70", "RURUP100"}
)

var templatePrefixes = []struct {
	prefix string
	kind   PortfolioType
}{{"DWM", PortfolioDWM}, {"ROBO", PortfolioRobo}, {"RURUP", PortfolioPE}}

// Type is the template's portfolio type; false for an unknown template.
func (t PortfolioTemplate) Type() (PortfolioType, bool) {
	if !t.known() {
		return "", false
	}
	s := string(t)
	for _, p := range templatePrefixes {
		if strings.HasPrefix(s, p.prefix) {
			return p.kind, true
		}
	}
	return "", false
}

// RiskLevel is the template's risk-level code; false for an unknown template.
func (t PortfolioTemplate) RiskLevel() (RiskLevel, bool) {
	if !t.known() {
		return "", false
	}
	s := strings.TrimSuffix(string(t), "_NL")
	for _, p := range templatePrefixes {
		if rest, ok := strings.CutPrefix(s, p.prefix); ok {
			return RiskLevel(rest), true
		}
	}
	return "", false
}

// Scenario is the template's scenario; false for the money-market templates and unknown ones.
func (t PortfolioTemplate) Scenario() (Scenario, bool) {
	r, ok := t.RiskLevel()
	if !ok {
		return "", false
	}
	s, ok := scenarioOf[r]
	return s, ok
}

func (t PortfolioTemplate) known() bool {
	for _, list := range [][]PortfolioTemplate{DWMTemplates, RoboTemplates, RurupTemplates} {
		for _, k := range list {
			if k == t {
				return true
			}
		}
	}
	return false
}

// AccountIDKind names an account identifier of the account menu (spec 3).
type AccountIDKind string

// Account identifier kinds, the shell state's AccountID.ID values.
const (
	IDIBAN          AccountIDKind = "iban"
	IDAccountNumber AccountIDKind = "accountNumber"
	IDSortCode      AccountIDKind = "sortCode"
)

// CountryUK is the platform's country code of the United Kingdom (spec 9), the one country
// whose customers must give their origin of funds and annual income (redirect rule 2).
const CountryUK = "GBR"
