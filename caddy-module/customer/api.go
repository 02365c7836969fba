package customer

import (
	"encoding/json"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/customer/iban"
)

// The answers of the platform's APIs, as far as the edge reads them (spec 3 and 7). Field names
// are the platform's; fields the edge does not read are left out and ignored when decoding.

// Customer is the answer of GET /customers/{bacNumber}.
type Customer struct {
	ID            string         `json:"id"`
	BacNumber     string         `json:"bacNumber"`
	DistributorID string         `json:"distributorId"`
	Type          CustomerType   `json:"customerType"`
	Status        CustomerStatus `json:"status"`
	Address       struct {
		CountryCode string `json:"countryCode"`
	} `json:"address"`
	Persons  []Person         `json:"persons"`
	Embedded CustomerEmbedded `json:"embedded"`
}

// CustomerEmbedded holds the embeds the customer call asks for.
type CustomerEmbedded struct {
	ReferenceAccounts []ReferenceAccount `json:"referenceAccounts"`
	// DataValidity is nil when the embed was not asked for or the platform has none.
	DataValidity *DataValidity `json:"dataValidity"`
}

// ReferenceAccount is the customer's own bank account that pay-outs go to.
type ReferenceAccount struct {
	IBAN string `json:"iban"`
}

// DataValidity is the customer data validity check's state.
type DataValidity struct {
	Status DataValidityStatus `json:"status"`
}

// Person is one person of a customer; the main person gives the name.
type Person struct {
	IsMainPerson    bool   `json:"isMainPerson"`
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	PersonalDetails struct {
		AcademicTitleCode string `json:"academicTitleCode"`
	} `json:"personalDetails"`
	ContactDetails struct {
		Email       string `json:"email"`
		PhoneNumber string `json:"phoneNumber"`
	} `json:"contactDetails"`
	AdditionalFinancialInformation struct {
		SourceOfFunds struct {
			OriginOfFunds []string `json:"originOfFunds"`
			AnnualIncome  struct {
				Code string `json:"code"`
			} `json:"annualIncome"`
		} `json:"sourceOfFunds"`
	} `json:"additionalFinancialInformation"`
}

// MainPerson is the person flagged main, else the first; nil when there is none.
func (c *Customer) MainPerson() *Person {
	for i := range c.Persons {
		if c.Persons[i].IsMainPerson {
			return &c.Persons[i]
		}
	}
	if len(c.Persons) > 0 {
		return &c.Persons[0]
	}
	return nil
}

// TransactionAccount is one account of GET /accounts, and the answer of
// GET /accounts/{accountId}?embed=balance (then with Balance).
type TransactionAccount struct {
	ID                 string       `json:"id"`
	AccountNumber      string       `json:"accountNumber"`
	CustomerID         string       `json:"customerId"`
	DistributorID      string       `json:"distributorId"`
	State              AccountState `json:"state"`
	IBAN               string       `json:"iban"`
	BIC                string       `json:"bic"`
	CurrencyCode       string       `json:"currencyCode"`
	ReferenceAccountID string       `json:"referenceAccountId"`
	SortCode           string       `json:"sortCode"`
	CreatedDate        string       `json:"createdDate"`
	LastStateUpdate    string       `json:"lastStateUpdate"`
	Balance            *Balance     `json:"balance,omitempty"`

	// parsedIBAN is IBAN read when the answer was decoded (ibanRead), so that the pages that
	// share the cached answer do not each parse it.
	parsedIBAN iban.IBAN
	ibanRead   bool
}

// UnmarshalJSON decodes an account and reads its IBAN once, with the answer.
func (a *TransactionAccount) UnmarshalJSON(b []byte) error {
	type plain TransactionAccount // without this method
	if err := json.Unmarshal(b, (*plain)(a)); err != nil {
		return err
	}
	a.parsedIBAN, a.ibanRead = readIBAN(a.IBAN), true
	return nil
}

// ParsedIBAN is the account's IBAN when it is a valid one, else the zero IBAN.
func (a *TransactionAccount) ParsedIBAN() iban.IBAN {
	if a.ibanRead {
		return a.parsedIBAN
	}
	return readIBAN(a.IBAN) // an account not decoded from an answer
}

func readIBAN(s string) iban.IBAN {
	n, err := iban.Parse(strings.TrimSpace(s))
	if err != nil {
		return iban.IBAN{}
	}
	return n
}

// Currency is the account's currency, EUR when the platform sends none (spec 9).
func (a *TransactionAccount) Currency() string {
	if a.CurrencyCode == "" {
		return "EUR"
	}
	return a.CurrencyCode
}

// Balance is an account's balance. Amounts stay json.Number until formatted, so no float
// rounding happens before the display's own.
type Balance struct {
	Current   json.Number `json:"current"`
	Available json.Number `json:"available"`
	Reserved  json.Number `json:"reserved"`
}

// ProductTypes is the answer of GET /products/types: which offers the customer may open.
type ProductTypes struct {
	TermProductAccess      bool `json:"term_product_access"`
	OvernightProductAccess bool `json:"overnight_product_access"`
	NoticeProductAccess    bool `json:"notice_product_access"`
}

// ProductInstance is one of the customer's product instances (wealth management, robo, pension).
type ProductInstance struct {
	ProductCategory          ProductCategory      `json:"product_category"`
	State                    ProductInstanceState `json:"state"`
	InstanceTemplateDomainID PortfolioTemplate    `json:"instance_template_domain_id"`
}

// Cobranding is the answer of GET /customer/cobranding for a partner distributor.
type Cobranding struct {
	DistributorLogo struct {
		URL string `json:"url"`
	} `json:"distributor_logo"`
	DistributorID string `json:"distributor_id"`
}

// SwitchableAccount is one entry of data.accounts of the switchable-accounts call.
type SwitchableAccount struct {
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	CustomerID string `json:"customer_id"`
}

// unreadCount is the answer of GET /threads/unread-count: the count is in data.
type unreadCount struct {
	Data int `json:"data"`
}

// switchableAccounts is the answer of the switchable-accounts call.
type switchableAccounts struct {
	Data struct {
		Accounts []SwitchableAccount `json:"accounts"`
	} `json:"data"`
}

// productList is the answer of the pension and migrated-products calls: the edge only asks
// whether the customer has any.
type productList struct {
	Data []json.RawMessage `json:"data"`
}
