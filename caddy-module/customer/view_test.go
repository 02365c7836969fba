package customer

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

func accounts(states ...AccountState) []TransactionAccount {
	out := make([]TransactionAccount, len(states))
	for i, s := range states {
		out[i] = TransactionAccount{ID: fmt.Sprintf("a%d", i), State: s}
	}
	return out
}

func TestChooseAccount(t *testing.T) {
	tests := []struct {
		name   string
		states []AccountState
		want   string // account id; "" for none
	}{
		{"none", nil, ""},
		{"only one", []AccountState{AccountInitiated}, "a0"},
		{"first active", []AccountState{AccountActive, AccountActive}, "a0"},
		{"skips not yet opened", []AccountState{AccountInitiated, AccountRequested, AccountActive}, "a2"},
		{"suspended counts", []AccountState{AccountRequested, AccountSuspended}, "a1"},
		{"closed counts", []AccountState{AccountInitiated, AccountClosed}, "a1"},
		{"closing counts", []AccountState{AccountRequested, AccountClosingInProgress, AccountActive}, "a1"},
		{"first of the set, not the best state", []AccountState{AccountClosed, AccountActive}, "a0"},
		{"none in the set: the first", []AccountState{AccountRequested, AccountInitiated}, "a0"},
		{"unknown states: the first", []AccountState{"FROZEN", "OTHER"}, "a0"},
	}
	for _, tt := range tests {
		got := ChooseAccount(accounts(tt.states...))
		id := ""
		if got != nil {
			id = got.ID
		}
		if id != tt.want {
			t.Errorf("%s: ChooseAccount(%v) = %q, want %q", tt.name, tt.states, id, tt.want)
		}
	}
}

func TestHasInstanceOf(t *testing.T) {
	in := func(cat ProductCategory, state ProductInstanceState, tmpl PortfolioTemplate) []ProductInstance {
		return []ProductInstance{{ProductCategory: cat, State: state, InstanceTemplateDomainID: tmpl}}
	}
	tests := []struct {
		name      string
		instances []ProductInstance
		dwm, robo bool
	}{
		{"none", nil, false, false},
		{"active DWM", in(CategoryLiquid, InstanceActive, "DWM70"), true, false},
		{"Dutch DWM", in(CategoryLiquid, InstanceCreated, "DWMMM_NL"), true, false},
		{"ordered DWM", in(CategoryLiquid, InstanceOrdered, "DWM30"), true, false},
		{"closing DWM still counts", in(CategoryLiquid, InstanceClosingPending, "DWM50"), true, false},
		{"rejected DWM", in(CategoryLiquid, InstanceRejected, "DWM70"), false, false},
		{"closed DWM", in(CategoryLiquid, InstanceClosed, "DWM70"), false, false},
		{"illiquid DWM", in(CategoryIlliquid, InstanceActive, "DWM70"), false, false},
		{"active robo", in(CategoryLiquid, InstanceActive, "ROBO100"), false, true},
		{"issue identified robo", in(CategoryLiquid, InstanceIssueIdentified, "ROBO30"), false, true},
		{"pension template is neither", in(CategoryLiquid, InstanceActive, "RURUP50"), false, false},
		{"unknown template", in(CategoryLiquid, InstanceActive, "DWM60"), false, false},
		{"one of several", append(in(CategoryLiquid, InstanceRejected, "DWM70"), in(CategoryLiquid, InstanceActive, "DWM100")...), true, false},
	}
	for _, tt := range tests {
		if got := HasInstanceOf(tt.instances, PortfolioDWM); got != tt.dwm {
			t.Errorf("%s: managed portfolio = %v, want %v", tt.name, got, tt.dwm)
		}
		if got := HasInstanceOf(tt.instances, PortfolioRobo); got != tt.robo {
			t.Errorf("%s: migrated robo = %v, want %v", tt.name, got, tt.robo)
		}
	}
}

func TestAccessFromDeposits(t *testing.T) {
	tests := []struct {
		in   []DepositType
		want []ProductAccess
	}{
		{nil, []ProductAccess{}},
		{[]DepositType{TermDeposit}, []ProductAccess{HasFixedDepositAccount}},
		{[]DepositType{OvernightAccount, NoticeAccount, TermDeposit, FlexDeposit},
			[]ProductAccess{HasOvernightDepositAccount, HasNoticeDepositAccount, HasFixedDepositAccount, HasFlexDepositAccount}},
		{[]DepositType{TermDeposit, "savings_plan", TermDeposit}, []ProductAccess{HasFixedDepositAccount}},
	}
	for _, tt := range tests {
		if got := AccessFromDeposits(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("AccessFromDeposits(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// germanCustomer is a complete active customer; tests change what they look at.
func germanCustomer() Answers {
	c := &Customer{ID: "c1", BacNumber: "DE1", Status: "ACTIVE", Type: CustomerIndividual}
	c.Address.CountryCode = "DEU"
	p := Person{IsMainPerson: true, FirstName: "Anna", LastName: "Schmidt"}
	p.PersonalDetails.AcademicTitleCode = "DR"
	c.Persons = []Person{p}
	c.Embedded.ReferenceAccounts = []ReferenceAccount{{IBAN: "DE89370400440532013000"}}
	c.Embedded.DataValidity = &DataValidity{Status: "VALID"}
	acct := TransactionAccount{ID: "a1", State: AccountActive, IBAN: "DE89370400440532013000", CurrencyCode: "EUR"}
	bal := acct
	bal.Balance = &Balance{Current: "1234.5", Available: "1000", Reserved: "234.5"}
	return Answers{Customer: c, Accounts: []TransactionAccount{acct}, Balance: &bal}
}

func TestDeriveBalance(t *testing.T) {
	maintenance := &APIError{Call: "accounts", Status: 503, Err: ErrMaintenance}
	failed := &APIError{Call: "balance", Status: 500, Err: errors.New("boom")}
	tests := []struct {
		name            string
		change          func(a *Answers)
		total, avail    string // "" when absent
		notAvailable    string // tooltip; "" when the amounts show
		maintenanceFlag bool
	}{
		{"active", func(a *Answers) {}, "1.234,50\u00a0€", "1.000,00\u00a0€", "", false},
		{"pending activation: total 0, available is current", func(a *Answers) { a.Customer.Status = PendingActivation },
			"0,00\u00a0€", "1.234,50\u00a0€", "", false},
		{"accounts 503: maintenance", func(a *Answers) { a.Accounts, a.Balance, a.AccountsErr = nil, nil, maintenance },
			"", "", labelsByLanguage["de"].maintenance, true},
		{"balance 206: maintenance", func(a *Answers) {
			a.Balance, a.BalanceErr = nil, &APIError{Call: "balance", Status: 206, Err: ErrMaintenance}
		},
			"", "", labelsByLanguage["de"].maintenance, true},
		{"balance failed: fetch error", func(a *Answers) { a.Balance, a.BalanceErr = nil, failed },
			"", "", labelsByLanguage["de"].fetchError, false},
		{"accounts failed: fetch error", func(a *Answers) { a.Accounts, a.Balance, a.AccountsErr = nil, nil, failed },
			"", "", labelsByLanguage["de"].fetchError, false},
		{"amount the edge cannot read: fetch error, not a wrong figure", func(a *Answers) { a.Balance.Balance = &Balance{Current: "1,5", Available: "1"} },
			"", "", labelsByLanguage["de"].fetchError, false},
		{"no account: no balance and no notice", func(a *Answers) { a.Accounts, a.Balance = nil, nil }, "", "", "", false},
		{"GBP account", func(a *Answers) { a.Balance.CurrencyCode = "GBP" }, "1.234,50\u00a0£", "1.000,00\u00a0£", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := germanCustomer()
			bal := *a.Balance
			a.Balance = &bal
			tt.change(&a)
			v := Derive(a, "de-DE")
			h := v.Customer
			if got := shownAmount(h.TotalBalance); got != tt.total {
				t.Errorf("total = %q, want %q", got, tt.total)
			}
			if got := shownAmount(h.AvailableBalance); got != tt.avail {
				t.Errorf("available = %q, want %q", got, tt.avail)
			}
			if h.BalanceIsNotAvailable != (tt.notAvailable != "") {
				t.Errorf("balanceIsNotAvailable = %v", h.BalanceIsNotAvailable)
			}
			tooltip := ""
			if h.NotAvailableMessage != nil {
				tooltip = h.NotAvailableMessage.TooltipText
				if h.NotAvailableMessage.Title != labelsByLanguage["de"].notAvailable {
					t.Errorf("notice title %q", h.NotAvailableMessage.Title)
				}
			}
			if tooltip != tt.notAvailable {
				t.Errorf("tooltip = %q, want %q", tooltip, tt.notAvailable)
			}
			if v.Maintenance != tt.maintenanceFlag {
				t.Errorf("maintenance = %v, want %v", v.Maintenance, tt.maintenanceFlag)
			}
			if h.TotalBalance != nil && h.TotalBalance.Label != "Gesamtsaldo" {
				t.Errorf("total label %q", h.TotalBalance.Label)
			}
		})
	}
}

func shownAmount(a *shellstate.Amount) string {
	if a == nil {
		return ""
	}
	return a.Amount
}

func TestDeriveHeaderFields(t *testing.T) {
	tests := []struct {
		name   string
		locale string
		change func(a *Answers)
		check  func(t *testing.T, v *View)
	}{
		{"name, initials and title", "de-DE", func(a *Answers) {}, func(t *testing.T, v *View) {
			if v.Customer.FullName != "Dr. Anna Schmidt" || v.Customer.DisplayName != "Dr. Anna Schmidt" || v.Customer.Initials != "AS" {
				t.Errorf("name %q / %q / %q", v.Customer.FullName, v.Customer.DisplayName, v.Customer.Initials)
			}
		}},
		{"main person wins over the first", "de-DE", func(a *Answers) {
			a.Customer.Persons = append([]Person{{FirstName: "Kind", LastName: "Schmidt"}}, a.Customer.Persons...)
		}, func(t *testing.T, v *View) {
			if v.Customer.FullName != "Dr. Anna Schmidt" {
				t.Errorf("name %q, want the main person's", v.Customer.FullName)
			}
		}},
		{"no main person flagged: the first person", "de-DE", func(a *Answers) {
			a.Customer.Persons = []Person{{FirstName: "Erste", LastName: "Person"}, {FirstName: "Zweite", LastName: "Person"}}
		}, func(t *testing.T, v *View) {
			if v.Customer.FullName != "Erste Person" || v.Customer.Initials != "EP" {
				t.Errorf("name %q %q, want the first person's", v.Customer.FullName, v.Customer.Initials)
			}
		}},
		{"no persons: no name, the rest stands", "de-DE", func(a *Answers) { a.Customer.Persons = nil }, func(t *testing.T, v *View) {
			if v.Customer.FullName != "" || v.Customer.Initials != "" || v.Customer.TotalBalance == nil {
				t.Errorf("header %+v", v.Customer)
			}
		}},
		{"no currency on the account: EUR", "en-GB", func(a *Answers) { a.Balance.CurrencyCode = "" }, func(t *testing.T, v *View) {
			if v.Customer.TotalBalance == nil || v.Customer.TotalBalance.Amount != "€1,234.50" {
				t.Errorf("total %+v", v.Customer.TotalBalance)
			}
		}},
		{"company customer", "de-DE", func(a *Answers) { a.Customer.Type = CustomerCompany }, func(t *testing.T, v *View) {
			if !v.Customer.IsCompanyCustomer {
				t.Error("company customer not flagged")
			}
		}},
		{"IBAN grouped to read, electronic to copy", "de-DE", func(a *Answers) {}, func(t *testing.T, v *View) {
			want := []shellstate.AccountID{{ID: "iban", Label: "IBAN", Display: "DE89 3704 0044 0532 0130 00", Copy: "DE89370400440532013000"}}
			if !slices.Equal(v.Customer.AccountIDs, want) {
				t.Errorf("account ids %+v, want %+v", v.Customer.AccountIDs, want)
			}
		}},
		{"an identifier that is not a valid IBAN is shown as it is", "de-DE", func(a *Answers) { a.Accounts[0].IBAN = "DE00 1234" }, func(t *testing.T, v *View) {
			if got := v.Customer.AccountIDs[0]; got.Display != "DE00 1234" || got.Copy != "DE00 1234" {
				t.Errorf("account id %+v", got)
			}
		}},
		{"UK account: IBAN, account number, sort code in English", "en-GB", func(a *Answers) {
			a.Accounts[0].IBAN, a.Accounts[0].AccountNumber, a.Accounts[0].SortCode = "gb82west12345698765432", "98765432", "12-34-56"
		}, func(t *testing.T, v *View) {
			want := []shellstate.AccountID{
				{ID: "iban", Label: "IBAN", Display: "GB82 WEST 1234 5698 7654 32", Copy: "GB82WEST12345698765432"},
				{ID: "accountNumber", Label: "Account number", Display: "98765432", Copy: "98765432"},
				{ID: "sortCode", Label: "Sort code", Display: "12-34-56", Copy: "12-34-56"},
			}
			if !slices.Equal(v.Customer.AccountIDs, want) {
				t.Errorf("account ids %+v", v.Customer.AccountIDs)
			}
		}},
		{"state of the chosen account; restricted when it cannot move money", "de-DE", func(a *Answers) {
			a.Accounts = accounts(AccountRequested, AccountSuspended)
		}, func(t *testing.T, v *View) {
			if v.Customer.State != "SUSPENDED" || !v.Customer.Restricted {
				t.Errorf("state %q restricted %v", v.Customer.State, v.Customer.Restricted)
			}
		}},
		{"active account is not restricted", "de-DE", func(a *Answers) {}, func(t *testing.T, v *View) {
			if v.Customer.State != "ACTIVE" || v.Customer.Restricted {
				t.Errorf("state %q restricted %v", v.Customer.State, v.Customer.Restricted)
			}
		}},
		{"unread count sets the dot", "de-DE", func(a *Answers) { a.Unread = 2 }, func(t *testing.T, v *View) {
			if !v.Customer.ShowUnreadMessage {
				t.Error("no unread dot for 2 messages")
			}
		}},
		{"no unread messages, no dot", "de-DE", func(a *Answers) {}, func(t *testing.T, v *View) {
			if v.Customer.ShowUnreadMessage {
				t.Error("unread dot without messages")
			}
		}},
		{"switchable accounts", "de-DE", func(a *Answers) {
			a.Switchable = []SwitchableAccount{{FirstName: "Mia", LastName: "Schmidt", CustomerID: "DE2"}}
		}, func(t *testing.T, v *View) {
			want := []shellstate.SwitchableAccount{{FirstName: "Mia", LastName: "Schmidt", CustomerID: "DE2"}}
			if !slices.Equal(v.Customer.SwitchableAccounts, want) {
				t.Errorf("switchable %+v", v.Customer.SwitchableAccounts)
			}
		}},
		{"cobranding takes the customer's distributor when the answer has none", "de-DE", func(a *Answers) {
			a.Customer.DistributorID = "partner"
			a.Cobranding = &Cobranding{}
			a.Cobranding.DistributorLogo.URL = "https://cdn.example.com/logo.svg"
		}, func(t *testing.T, v *View) {
			if v.Customer.Cobranding == nil || *v.Customer.Cobranding != (shellstate.Cobranding{DistributorID: "partner", LogoURL: "https://cdn.example.com/logo.svg"}) {
				t.Errorf("cobranding %+v", v.Customer.Cobranding)
			}
		}},
		{"a cobranding logo that runs script gives the partner's name only", "de-DE", func(a *Answers) {
			a.Cobranding = &Cobranding{DistributorID: "p"}
			a.Cobranding.DistributorLogo.URL = "javascript:alert(document.cookie)"
		}, func(t *testing.T, v *View) {
			if v.Customer.Cobranding == nil || *v.Customer.Cobranding != (shellstate.Cobranding{DistributorID: "p"}) {
				t.Errorf("cobranding %+v, want the javascript: logo dropped", v.Customer.Cobranding)
			}
		}},
		{"a cobranding logo over plain http gives the partner's name only", "de-DE", func(a *Answers) {
			a.Cobranding = &Cobranding{DistributorID: "p"}
			a.Cobranding.DistributorLogo.URL = "http://cdn.example.com/logo.png"
		}, func(t *testing.T, v *View) {
			if v.Customer.Cobranding == nil || *v.Customer.Cobranding != (shellstate.Cobranding{DistributorID: "p"}) {
				t.Errorf("cobranding %+v, want the http: logo dropped", v.Customer.Cobranding)
			}
		}},
		{"a cobranding answer without a logo gives the partner's name only", "de-DE", func(a *Answers) { a.Cobranding = &Cobranding{DistributorID: "p"} }, func(t *testing.T, v *View) {
			if v.Customer.Cobranding == nil || *v.Customer.Cobranding != (shellstate.Cobranding{DistributorID: "p"}) {
				t.Errorf("cobranding %+v", v.Customer.Cobranding)
			}
		}},
		{"page locale picks labels and numbers; customer locale stays", "fr-FR", func(a *Answers) {}, func(t *testing.T, v *View) {
			if v.Locale != "de-DE" || v.Customer.TotalBalance.Label != "Solde total" || !strings.HasPrefix(v.Customer.TotalBalance.Amount, "1\u202f234,50") {
				t.Errorf("locale %q, total %+v", v.Locale, v.Customer.TotalBalance)
			}
		}},
		{"no page locale: the customer's", "", func(a *Answers) { a.Customer.Address.CountryCode = "GBR" }, func(t *testing.T, v *View) {
			if v.Locale != "en-GB" || v.Customer.TotalBalance.Amount != "€1,234.50" {
				t.Errorf("locale %q, total %+v", v.Locale, v.Customer.TotalBalance)
			}
		}},
		{"JSON lists are never null", "de-DE", func(a *Answers) { a.Accounts, a.Balance = nil, nil }, func(t *testing.T, v *View) {
			b, _ := json.Marshal(v.Customer)
			if strings.Contains(string(b), "null") {
				t.Errorf("header block has null: %s", b)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := germanCustomer()
			tt.change(&a)
			tt.check(t, Derive(a, tt.locale))
		})
	}
}

func TestDeriveRedirectInputs(t *testing.T) {
	tests := []struct {
		name   string
		change func(a *Answers)
		want   RedirectInputs
	}{
		{"complete German customer", func(a *Answers) {},
			RedirectInputs{Active: true, HasReferenceIBAN: true, DataValidity: "VALID"}},
		{"no reference account", func(a *Answers) { a.Customer.Embedded.ReferenceAccounts = nil },
			RedirectInputs{Active: true, DataValidity: "VALID"}},
		{"reference account without IBAN", func(a *Answers) { a.Customer.Embedded.ReferenceAccounts = []ReferenceAccount{{IBAN: " "}} },
			RedirectInputs{Active: true, DataValidity: "VALID"}},
		{"not active", func(a *Answers) { a.Accounts = accounts(AccountRequested) },
			RedirectInputs{HasReferenceIBAN: true, DataValidity: "VALID"}},
		{"no accounts: not active", func(a *Answers) { a.Accounts = nil },
			RedirectInputs{HasReferenceIBAN: true, DataValidity: "VALID"}},
		{"expired data validity", func(a *Answers) { a.Customer.Embedded.DataValidity.Status = DataValidityExpired },
			RedirectInputs{Active: true, HasReferenceIBAN: true, DataValidity: DataValidityExpired}},
		{"data validity not embedded", func(a *Answers) { a.Customer.Embedded.DataValidity = nil },
			RedirectInputs{Active: true, HasReferenceIBAN: true}},
		{"UK without source of funds", func(a *Answers) { a.Customer.Address.CountryCode = "GBR" },
			RedirectInputs{Active: true, HasReferenceIBAN: true, UK: true, DataValidity: "VALID"}},
		{"UK with both", func(a *Answers) {
			a.Customer.Address.CountryCode = "GBR"
			src := &a.Customer.Persons[0].AdditionalFinancialInformation.SourceOfFunds
			src.OriginOfFunds, src.AnnualIncome.Code = []string{"SALARY"}, "INCOME_25K_50K"
		}, RedirectInputs{Active: true, HasReferenceIBAN: true, UK: true, HasOriginOfFunds: true, HasAnnualIncome: true, DataValidity: "VALID"}},
		{"UK with blank origin entries", func(a *Answers) {
			a.Customer.Address.CountryCode = "GB"
			a.Customer.Persons[0].AdditionalFinancialInformation.SourceOfFunds.OriginOfFunds = []string{""}
		}, RedirectInputs{Active: true, HasReferenceIBAN: true, UK: true, DataValidity: "VALID"}},
	}
	for _, tt := range tests {
		a := germanCustomer()
		tt.change(&a)
		if got := Derive(a, "de-DE").Redirect; got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// An account's IBAN is read once, when its answer is decoded (the cached answer serves every
// page); an account built otherwise reads it on asking. Either way an invalid one is zero.
func TestAccountIBANReadWithTheAnswer(t *testing.T) {
	tests := []struct{ name, iban, want string }{
		{"valid, grouped", "de89 3704 0044 0532 0130 00", "DE89370400440532013000"},
		{"check digits off", "DE88370400440532013000", ""},
		{"none", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var decoded TransactionAccount
			if err := json.Unmarshal([]byte(`{"id":"a1","iban":`+strconv.Quote(tt.iban)+`}`), &decoded); err != nil {
				t.Fatal(err)
			}
			if !decoded.ibanRead || decoded.ID != "a1" || decoded.IBAN != tt.iban {
				t.Fatalf("decoded %+v: the IBAN was not read with the answer, or a field was lost", decoded)
			}
			built := TransactionAccount{IBAN: tt.iban}
			for _, a := range []*TransactionAccount{&decoded, &built} {
				if got := a.ParsedIBAN().Electronic(); got != tt.want {
					t.Errorf("ParsedIBAN() = %q, want %q", got, tt.want)
				}
			}
		})
	}
}
