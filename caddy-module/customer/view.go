package customer

import (
	"errors"
	"slices"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/customer/iban"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// Answers are the calls' answers for one customer, the raw material of a View. A nil or empty
// field is a call that failed, was not made, or had nothing to say.
type Answers struct {
	Customer         *Customer
	Accounts         []TransactionAccount
	AccountsErr      error
	Balance          *TransactionAccount
	BalanceErr       error
	DepositTypes     []DepositType
	ProductTypes     *ProductTypes
	ProductInstances []ProductInstance
	PensionProducts  int
	MigratedProducts int
	Unread           int
	Switchable       []SwitchableAccount
	Cobranding       *Cobranding
	// Degraded names the calls that failed and were degraded (spec 8).
	Degraded []string
}

// View is the customer as the edge sees it: the header customer block, formatted, and what
// the menus and the redirect rule decide on.
type View struct {
	// Customer is the header customer block of the shell state.
	Customer shellstate.Customer
	// CustomerID is the platform's id of the customer, BacNumber the customer number.
	CustomerID string
	BacNumber  string
	// Country is the customer's address country code, e.g. "DEU".
	Country string
	// Locale is the locale of the customer's country (spec 3), e.g. "de-DE".
	Locale string
	// Access are the product access values from the deposit types (spec 3, 6).
	Access []ProductAccess
	// ProductTypes are the offers the customer may open; all false when the call failed.
	ProductTypes ProductTypes
	// Products tell which investment and pension menus apply.
	Products Products
	// Redirect are the customer redirect rule's inputs (spec 4).
	Redirect RedirectInputs
	// Maintenance is true when an account call answered 503 or 206.
	Maintenance bool
	// Degraded names the calls that failed and were degraded, for logs and metrics.
	Degraded []string
}

// Products are the customer's investment and pension products, as the menus need them.
type Products struct {
	// ManagedPortfolio: a liquid instance with a DWM template, neither REJECTED nor CLOSED.
	ManagedPortfolio bool
	// MigratedRobo: a liquid instance with a ROBO template, neither REJECTED nor CLOSED.
	MigratedRobo bool
	// Pension: the German pension call lists at least one product.
	Pension bool
	// MigratedProducts: the German migrated-products dashboard lists at least one product.
	MigratedProducts bool
	// ETFConfigurator and Crypto: a liquid instance with an ETFC or CRYPTO template, neither
	// REJECTED nor CLOSED (investments.go says why).
	ETFConfigurator bool
	Crypto          bool
}

// RedirectInputs are what the customer redirect rule of spec 4 looks at.
type RedirectInputs struct {
	// Active: the account the header uses is ACTIVE (rule 1 only sends active customers).
	Active bool
	// HasReferenceIBAN: the first reference account has an IBAN (rule 1).
	HasReferenceIBAN bool
	// UK: the customer's country is the United Kingdom (rules 2 and 3).
	UK bool
	// HasOriginOfFunds and HasAnnualIncome: the main person's source of funds is complete (rule 2).
	HasOriginOfFunds bool
	HasAnnualIncome  bool
	// DataValidity is the CDVC status; empty when not loaded (rule 3).
	DataValidity DataValidityStatus
}

// AccessValues are the product access values as the shell state's strings.
func (v *View) AccessValues() []string {
	out := make([]string, len(v.Access))
	for i, a := range v.Access {
		out[i] = string(a)
	}
	return out
}

// Derive makes the View of a's answers, with labels and numbers in locale (empty: the
// customer's own). It never fails: what is missing is left out or shown as not available.
func Derive(a Answers, locale string) *View {
	v := &View{Degraded: slices.Clone(a.Degraded)}
	cust := a.Customer
	if cust == nil {
		cust = &Customer{}
	}
	v.CustomerID, v.BacNumber = cust.ID, cust.BacNumber
	v.Country = cust.Address.CountryCode
	v.Locale = LocaleFromCountry(v.Country)
	if locale == "" {
		locale = v.Locale
	}
	l := labelsFor(locale)

	h := &v.Customer
	h.AccountIDs = []shellstate.AccountID{}
	h.SwitchableAccounts = []shellstate.SwitchableAccount{}
	if p := cust.MainPerson(); p != nil {
		h.FullName = FullName(p.PersonalDetails.AcademicTitleCode, p.FirstName, p.LastName)
		h.Initials = Initials(p.FirstName + " " + p.LastName)
		src := p.AdditionalFinancialInformation.SourceOfFunds
		v.Redirect.HasOriginOfFunds = slices.ContainsFunc(src.OriginOfFunds, func(s string) bool { return strings.TrimSpace(s) != "" })
		v.Redirect.HasAnnualIncome = strings.TrimSpace(src.AnnualIncome.Code) != ""
	}
	h.DisplayName = h.FullName
	h.IsCompanyCustomer = strings.EqualFold(string(cust.Type), string(CustomerCompany))
	h.IsPendingActivation = cust.Status.IsPendingActivation()
	h.DistributorID = cust.DistributorID

	// The account the header uses, with its balance when that call answered.
	account := ChooseAccount(a.Accounts)
	if account != nil {
		h.State = string(account.State)
		h.Restricted = restrictedAccountStates[account.State]
		h.AccountIDs = accountIDs(account, l)
	}
	switch {
	case errors.Is(a.AccountsErr, ErrMaintenance) || errors.Is(a.BalanceErr, ErrMaintenance):
		v.Maintenance = true
		h.BalanceIsNotAvailable = true
		h.NotAvailableMessage = &shellstate.Notice{Title: l.notAvailable, TooltipText: l.maintenance}
	case a.AccountsErr != nil || a.BalanceErr != nil:
		h.BalanceIsNotAvailable = true
		h.NotAvailableMessage = &shellstate.Notice{Title: l.notAvailable, TooltipText: l.fetchError}
	case account != nil && a.Balance != nil && a.Balance.Balance != nil:
		total, available := a.Balance.Balance.Current, a.Balance.Balance.Available
		if h.IsPendingActivation {
			// Before activation the money is not invested yet: nothing counts as total,
			// and all of the current balance is available (spec 4).
			total, available = "0", a.Balance.Balance.Current
		}
		cur := a.Balance.Currency()
		t, terr := FormatAmount(locale, cur, total)
		av, aerr := FormatAmount(locale, cur, available)
		if terr != nil || aerr != nil {
			h.BalanceIsNotAvailable = true
			h.NotAvailableMessage = &shellstate.Notice{Title: l.notAvailable, TooltipText: l.fetchError}
			v.Degraded = append(v.Degraded, "balance-format")
			break
		}
		t.Label, av.Label = l.totalBalance, l.availableBalance
		h.TotalBalance, h.AvailableBalance = &t, &av
	}

	h.ShowUnreadMessage = a.Unread > 0
	for _, s := range a.Switchable {
		h.SwitchableAccounts = append(h.SwitchableAccounts, shellstate.SwitchableAccount{
			FirstName: s.FirstName, LastName: s.LastName, CustomerID: s.CustomerID})
	}
	// A logo that is not https or an inline image is dropped (logo.go): no logo, no script;
	// the header then shows the partner's name as text.
	if a.Cobranding != nil {
		id := a.Cobranding.DistributorID
		if id == "" {
			id = cust.DistributorID
		}
		h.Cobranding = &shellstate.Cobranding{DistributorID: id, LogoURL: LogoURL(a.Cobranding.DistributorLogo.URL)}
	}

	v.Access = AccessFromDeposits(a.DepositTypes)
	if a.ProductTypes != nil {
		v.ProductTypes = *a.ProductTypes
	}
	v.Products = Products{
		ManagedPortfolio: HasInstanceOf(a.ProductInstances, PortfolioDWM),
		MigratedRobo:     HasInstanceOf(a.ProductInstances, PortfolioRobo),
		Pension:          a.PensionProducts > 0,
		MigratedProducts: a.MigratedProducts > 0,
		ETFConfigurator:  HasInstanceWithPrefix(a.ProductInstances, TemplatePrefixETFConfigurator),
		Crypto:           HasInstanceWithPrefix(a.ProductInstances, TemplatePrefixCrypto),
	}

	v.Redirect.Active = account != nil && account.State == AccountActive
	if refs := cust.Embedded.ReferenceAccounts; len(refs) > 0 {
		v.Redirect.HasReferenceIBAN = strings.TrimSpace(refs[0].IBAN) != ""
	}
	v.Redirect.UK = isUK(v.Country)
	if dv := cust.Embedded.DataValidity; dv != nil {
		v.Redirect.DataValidity = dv.Status
	}
	return v
}

// ChooseAccount is the account choice rule of spec 4: the first account whose state is
// ACTIVE, SUSPENDED, CLOSED or CLOSING_IN_PROGRESS, otherwise the first account; nil for none.
func ChooseAccount(accounts []TransactionAccount) *TransactionAccount {
	for i := range accounts {
		if chosenAccountStates[accounts[i].State] {
			return &accounts[i]
		}
	}
	if len(accounts) > 0 {
		return &accounts[0]
	}
	return nil
}

// AccessFromDeposits maps deposit types to product access values, each once, in the order
// of the answer; unknown types are skipped.
func AccessFromDeposits(types []DepositType) []ProductAccess {
	out := []ProductAccess{}
	for _, d := range types {
		if a, ok := d.Access(); ok && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// HasInstanceOf is the product instance rule of spec 4: a liquid instance whose template is
// of kind and whose state is neither REJECTED nor CLOSED.
func HasInstanceOf(instances []ProductInstance, kind PortfolioType) bool {
	for _, in := range instances {
		if in.ProductCategory != CategoryLiquid || in.State == InstanceRejected || in.State == InstanceClosed {
			continue
		}
		if t, ok := in.InstanceTemplateDomainID.Type(); ok && t == kind {
			return true
		}
	}
	return false
}

// accountIDs are the identifiers of the account menu: valid IBANs grouped for display and
// electronic for copying, everything else as it is (spec 5).
func accountIDs(a *TransactionAccount, l labels) []shellstate.AccountID {
	out := []shellstate.AccountID{}
	if s := strings.TrimSpace(a.IBAN); s != "" {
		id := shellstate.AccountID{ID: string(IDIBAN), Label: l.iban, Display: s, Copy: s}
		if n := a.ParsedIBAN(); n != (iban.IBAN{}) {
			id.Display, id.Copy = n.Grouped(), n.Electronic()
		}
		out = append(out, id)
	}
	if s := strings.TrimSpace(a.AccountNumber); s != "" {
		out = append(out, shellstate.AccountID{ID: string(IDAccountNumber), Label: l.accountNumber, Display: s, Copy: s})
	}
	if s := strings.TrimSpace(a.SortCode); s != "" {
		out = append(out, shellstate.AccountID{ID: string(IDSortCode), Label: l.sortCode, Display: s, Copy: s})
	}
	return out
}
